// zod/mini carries no messages of its own. A refused value's problem is said here, in the extension's words and
// through the text port (so it is translated), rather than by zod's English locale (2.6 KiB of the files loaded at
// activation, and English only). answers.ts, through which every adapter reads an answer or reports a refused
// body, imports this for its effect. Messages follow zod's issue codes; a schema's own message wins over these.
import * as z from 'zod/mini';
import { l10n } from '../../base/l10n';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  return Array.isArray(input) ? 'array' : typeof input;
}

function shown(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value) ?? String(value)).join(' | ');
}

export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': return l10n.t('expected {0}, got {1}', issue.expected, typeOf(issue.input));
    case 'invalid_value': return l10n.t('expected {0}', shown(issue.values));
    case 'too_small': return issue.origin === 'string' ? l10n.t('too short: at least {0} characters', String(issue.minimum))
      : issue.inclusive === false ? l10n.t('too small: more than {0}', String(issue.minimum)) : l10n.t('too small: at least {0}', String(issue.minimum));
    case 'too_big': return issue.origin === 'string' ? l10n.t('too long: at most {0} characters', String(issue.maximum))
      : issue.inclusive === false ? l10n.t('too large: less than {0}', String(issue.maximum)) : l10n.t('too large: at most {0}', String(issue.maximum));
    case 'invalid_format': return l10n.t('not a valid {0}', issue.format);
    case 'not_multiple_of': return l10n.t('not a multiple of {0}', String(issue.divisor));
    case 'unrecognized_keys': return l10n.t('unknown keys: {0}', issue.keys.join(', '));
    case 'invalid_union': return l10n.t('matches none of the shapes allowed');
    default: return l10n.t('not a valid value');
  }
}

z.config({ localeError: issueMessage });
