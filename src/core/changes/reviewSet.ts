// What Review All Changes opens: every text file in the tree's order. A binary file has no text diff and a
// symbolic link is listed, not shown; the title says how many of each were left out, beside the count of files
// the multi-diff editor adds itself.
import type { FileChange } from '../../api/model/changes';
import { l10n } from '../../base/l10n';
import { buildChangeTree, filesInTreeOrder } from './changeTree';

export interface ReviewSet {
  readonly files: readonly FileChange[];
  readonly title: string;
}

export function reviewSet(changes: readonly FileChange[], isSymlink: (path: string) => boolean, conversationTitle: string): ReviewSet {
  const ordered = filesInTreeOrder(buildChangeTree(changes));
  const binaries = ordered.filter((file) => file.binary).length;
  const links = ordered.filter((file) => !file.binary && isSymlink(file.path)).length;
  const files = ordered.filter((file) => !file.binary && !isSymlink(file.path));
  return { files, title: reviewTitle(conversationTitle, binaries, links) };
}

function reviewTitle(title: string, binaries: number, links: number): string {
  const binaryWords = binaries === 1 ? l10n.t('1 binary file') : l10n.t('{0} binary files', binaries);
  const linkWords = links === 1 ? l10n.t('1 symbolic link') : l10n.t('{0} symbolic links', links);
  if (binaries && links) return l10n.t('Agent\'s changes: {0} ({1} and {2} not shown)', title, binaryWords, linkWords);
  if (binaries || links) return l10n.t('Agent\'s changes: {0} ({1} not shown)', title, binaries ? binaryWords : linkWords);
  return l10n.t('Agent\'s changes: {0}', title);
}
