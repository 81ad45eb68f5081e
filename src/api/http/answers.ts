// Reading an answer into a typed value, shared by every API adapter: a 2xx JSON body that matches its schema,
// or the typed error for what came instead.
import type * as z from 'zod/mini';
import { BadResponseError } from './transportErrors';
import { ValidationError, errorForStatus } from './statusErrors';
import type { RequestInfo } from './apiError';
import { parseJson, type BytesAnswer, type HttpAnswer } from './transport';
import './zodMessages';
import { l10n } from '../../base/l10n';

export function readAnswer<T extends z.ZodMiniType>(answer: HttpAnswer, schema: T): z.infer<T> {
  if (answer.status < 200 || answer.status > 299) {
    throw errorForStatus(answer.request, answer.status, answer.body, answer.retryAfter, answer.keySent);
  }
  if (!answer.isJson) throw new BadResponseError(answer.request, l10n.t('not JSON'));
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const at = first?.path.join('.');
    throw new BadResponseError(answer.request, at
      ? l10n.t('unexpected shape at {0}: {1}', at, String(first?.message))
      : l10n.t('unexpected shape at the top level: {0}', String(first?.message)));
  }
  return parsed.data;
}

/** A 2xx answer, or the typed error for what came instead. */
export function expectOk(answer: HttpAnswer): void {
  if (answer.status < 200 || answer.status > 299) {
    throw errorForStatus(answer.request, answer.status, answer.body, answer.retryAfter, answer.keySent);
  }
}

/** A 2xx answer read as bytes, or the typed error for what came instead (its body read as JSON where it is). */
export function okBytes(answer: BytesAnswer): BytesAnswer {
  if (answer.status >= 200 && answer.status <= 299) return answer;
  const parsed = parseJson(new TextDecoder().decode(answer.bytes));
  throw errorForStatus(answer.request, answer.status, parsed.ok ? parsed.value : undefined, answer.retryAfter, answer.keySent);
}

export function clientValidation(request: RequestInfo, issues: readonly { path: readonly PropertyKey[]; message: string }[]): ValidationError {
  return new ValidationError(request, issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })), 'client');
}

/** The server's own "no settings yet" answer (V0 and V1 alike); any other 404 is a wrong URL. */
export function isSettingsNotFound(answer: HttpAnswer): boolean {
  const body = answer.body as { error?: unknown } | null;
  return answer.status === 404 && typeof body === 'object' && body !== null && body.error === 'Settings not found';
}

/** An exception the server's app did not handle: uvicorn's bare 500, `Internal Server Error` as plain text. */
export function isUnhandledCrash(answer: HttpAnswer): boolean {
  return answer.status === 500 && !answer.isJson;
}
