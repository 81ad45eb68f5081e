// Which release of the agent server (PyPI `openhands-agent-server`) the extension runs on this machine: the one it
// pins, moved with the extension's own releases, and the ones it has been proven against (the agent line's
// conformance suite and the real-server UI lane). Any other release is refused with the reason: its routes and
// settings may differ from what the client speaks.
import { l10n } from '../../base/l10n';

export const PINNED_RELEASE = '1.58.2';
/** Newest first. */
export const KNOWN_RELEASES: readonly string[] = ['1.58.2'];

export type ReleaseCheck = { readonly ok: true; readonly release: string } | { readonly ok: false; readonly reason: string };

export function checkRelease(release: string): ReleaseCheck {
  const trimmed = release.trim();
  if (KNOWN_RELEASES.includes(trimmed)) return { ok: true, release: trimmed };
  return {
    ok: false,
    reason: l10n.t('The extension has not been proven against openhands-agent-server {0}: it runs {1}, the releases it knows.',
      trimmed || '""', KNOWN_RELEASES.join(', ')),
  };
}
