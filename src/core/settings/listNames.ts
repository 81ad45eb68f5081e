// The names a server takes for an LLM profile and for a secret, checked while the person types: what is wrong in
// words, before anything is sent (the server would answer 422).
import { PROFILE_NAME, SECRET_NAME } from '../../api/model/serverLists';
import { l10n } from '../../base/l10n';

/** `taken`: the names already in the list, which a new name must not replace unasked. */
export function profileNameProblem(name: string, taken: readonly string[] = []): string | undefined {
  if (!PROFILE_NAME.test(name)) return l10n.t('A profile name starts with a letter or digit and has up to 64 letters, digits, dots, dashes or underscores.');
  return taken.includes(name) ? l10n.t('A profile named {0} exists already.', name) : undefined;
}

export function secretNameProblem(name: string): string | undefined {
  return SECRET_NAME.test(name) ? undefined : l10n.t('A secret name starts with a letter and has up to 64 letters, digits or underscores (it becomes an environment variable).');
}
