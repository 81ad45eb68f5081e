// The server URL as the person typed it, turned into the one form the extension uses everywhere: as the base
// of every request and as the key under which the session API key is kept.
import { l10n } from '../../base/l10n';

export type ServerUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly problem: string };

/** `http(s)://host[:port][/prefix]`, lowercase host, no default port, user info, query, fragment, trailing `/` or `/api`. */
export function normalizeServerUrl(input: string): ServerUrlResult {
  const text = input.trim();
  if (!text) return { ok: false, problem: l10n.t('Enter the URL of the OpenHands server, e.g. http://localhost:3000.') };
  if (!/^https?:\/\//i.test(text)) return { ok: false, problem: l10n.t('The server URL must start with http:// or https://.') };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: l10n.t('That is not a valid URL.') };
  }
  if (!url.hostname) return { ok: false, problem: l10n.t('The server URL needs a host name.') };
  // A key in the URL would end up in settings.json; it belongs in the secret storage instead.
  if (url.username || url.password) return { ok: false, problem: l10n.t('Leave the user name and password out of the URL; set the API key with "OpenHands: Set API Key".') };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/** Whether the URL points at this machine, where plain http does not expose the key to a network. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
  } catch {
    return false;
  }
}

/** Whether a key sent to this URL would cross a network unencrypted: plain http to another machine. */
export function sendsKeyInClear(url: string): boolean {
  return /^http:\/\//i.test(url) && !isLoopbackUrl(url);
}
