// Which release of the agent server (PyPI `openhands-agent-server`) the extension runs on this machine: the one it
// pins, moved with the extension's own releases, and the ones it has been proven against (the agent line's
// conformance suite and the real-server UI lane, run as the extension runs it: through uvx, without constraints, so
// 1.50.1, whose wheel leaves its SDK unpinned and which fails so installed, is not one). Any other release is
// refused with the reason: its routes and settings may differ from what the client speaks.
import { l10n } from '../../base/l10n';

export const PINNED_RELEASE = '1.58.2';
/** Newest first; holds the pinned release. */
export const KNOWN_RELEASES: readonly string[] = ['1.58.2'];

export type ReleaseCheck = { readonly ok: true; readonly release: string } | { readonly ok: false; readonly reason: string };

export function checkRelease(release: string, known: readonly string[] = KNOWN_RELEASES): ReleaseCheck {
  const trimmed = release.trim();
  if (known.includes(trimmed)) return { ok: true, release: trimmed };
  return {
    ok: false,
    reason: l10n.t('The extension has not been proven against openhands-agent-server {0}: it runs {1}, the releases it knows.',
      trimmed || '""', known.join(', ')),
  };
}

/**
 * What a start runs: the release the server last ran (the state file's) when Update moved it past the pin, else the
 * pin. So an extension release that moves the pin moves the server with it, and an update outlasts a Stop.
 */
export function releaseToStart(last: string | undefined, known: readonly string[] = KNOWN_RELEASES, pinned = PINNED_RELEASE): string {
  const at = last === undefined ? -1 : known.indexOf(last);
  return at >= 0 && at < known.indexOf(pinned) ? known[at]! : pinned;
}

export type UpdatePlan =
  /** No server was ever started here: nothing to update, Start runs `release`. */
  | { readonly kind: 'none'; readonly release: string }
  | { readonly kind: 'newest'; readonly release: string }
  | { readonly kind: 'move'; readonly from: string; readonly to: string }
  | { readonly kind: 'refused'; readonly release: string; readonly reason: string };

/** Update the Local Agent Server: from the release the server runs (or last ran) to the newest proven one. */
export function planUpdate(current: string | undefined, known: readonly string[] = KNOWN_RELEASES, pinned = PINNED_RELEASE): UpdatePlan {
  const newest = known[0] ?? pinned;
  if (current === undefined) return { kind: 'none', release: releaseToStart(undefined, known, pinned) };
  const check = checkRelease(current, known);
  // Not older, not newer: one the extension does not know (a later extension's, say) is not replaced by a guess.
  if (!check.ok) return { kind: 'refused', release: current, reason: check.reason };
  return check.release === newest ? { kind: 'newest', release: newest } : { kind: 'move', from: check.release, to: newest };
}
