// What a file action did, in the one wording the transcript tab and the Markdown export both use: the verb from
// the editor's command (or a file that did not exist before), and a failure said in the sentence itself.
import { l10n } from '../../base/l10n';
import type { FileItem } from './items';

/** The title of a file action, `path` as the caller shows it (plain or as inline code). */
export function fileActionTitle(item: FileItem, path: string): string {
  const failed = item.status === 'failed';
  if (item.command === 'view') return failed ? l10n.t('Could not view {0}', path) : l10n.t('Viewed {0}', path);
  if (item.command === 'create' || item.created) return failed ? l10n.t('Could not create {0}', path) : l10n.t('Created {0}', path);
  return failed ? l10n.t('Could not edit {0}', path) : l10n.t('Edited {0}', path);
}

/** The path a file action is named by: relative to the workspace where it lies in it, else the sandbox's own. */
export function shownFilePath(item: FileItem): string {
  return item.relativePath ?? item.path;
}
