// Builds the first message of a conversation: the person's words, then files or a selection as fenced code,
// and images as data URLs. Input is bytes, so the adapter can pass unsaved editor text encoded as UTF-8.
import * as path from 'node:path';
import { l10n } from '../../base/l10n';
import { SETTING_DEFAULTS } from '../platform/settingKeys';

export const DEFAULT_TEXT_LIMIT_BYTES = SETTING_DEFAULTS.maxFileSizeKiB * 1024;
export const IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;
// As git does: a NUL byte early in the file means binary.
const BINARY_SNIFF_BYTES = 8 * 1024;

/** A file to send. `root` is the repository root (or workspace folder) that its shown path is relative to. */
export interface MessageFile {
  readonly path: string;
  readonly root?: string;
  readonly bytes: Uint8Array;
}

/** Selected text, with 1-based inclusive line numbers. */
export interface MessageSelection {
  readonly path: string;
  readonly root?: string;
  readonly text: string;
  readonly startLine: number;
  readonly endLine: number;
}

export interface MessageOptions {
  /** Largest text file or selection sent, in bytes of UTF-8. */
  readonly textLimitBytes?: number;
}

/** The message fields of `POST /api/conversations`. */
export interface InitialMessage {
  readonly initial_user_msg: string;
  readonly image_urls: string[];
}

export type RefusalReason = 'text-too-large' | 'image-too-large' | 'binary' | 'not-an-image';

export interface Refusal {
  /** The path as shown in the message. */
  readonly path: string;
  readonly reason: RefusalReason;
  /** One sentence naming the file and the limit, for the person. */
  readonly message: string;
}

/** All or nothing: when any file is refused, every refusal is reported and no message is built. */
export type MessageResult =
  | { readonly ok: true; readonly message: InitialMessage }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

// Only where the fence tag is beyond doubt; anything else gets a bare fence.
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.ts': 'typescript', '.tsx': 'tsx', '.mts': 'typescript', '.cts': 'typescript',
  '.js': 'javascript', '.jsx': 'jsx', '.mjs': 'javascript', '.cjs': 'javascript',
  '.py': 'python', '.rb': 'ruby', '.go': 'go', '.rs': 'rust', '.java': 'java', '.kt': 'kotlin',
  '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.hpp': 'cpp', '.cs': 'csharp', '.php': 'php',
  '.swift': 'swift', '.scala': 'scala', '.sh': 'bash', '.bash': 'bash', '.ps1': 'powershell', '.sql': 'sql',
  '.html': 'html', '.css': 'css', '.scss': 'scss', '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml',
  '.toml': 'toml', '.xml': 'xml', '.md': 'markdown',
};

/** The words first, then each file: text as a fenced block under its path, images as data URLs named in the text. */
export function buildFilesMessage(words: string, files: readonly MessageFile[], options: MessageOptions = {}): MessageResult {
  const limit = options.textLimitBytes ?? DEFAULT_TEXT_LIMIT_BYTES;
  const sections: string[] = [];
  const imageUrls: string[] = [];
  const refusals: Refusal[] = [];
  for (const file of files) {
    const shownPath = displayPath(file.path, file.root);
    const part = IMAGE_EXTENSIONS.has(path.extname(shownPath).toLowerCase())
      ? readImage(shownPath, file.bytes)
      : readText(shownPath, file.bytes, limit);
    if ('reason' in part) {
      refusals.push(part);
    } else if ('dataUrl' in part) {
      imageUrls.push(part.dataUrl);
      sections.push(l10n.t('Attached image: {0}', shownPath));
    } else {
      sections.push(`${l10n.t('File: {0}', shownPath)}\n${fenceCodeBlock(part.text, languageFor(shownPath))}`);
    }
  }
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, message: { initial_user_msg: joinSections(words, sections), image_urls: imageUrls } };
}

/** The words first, then the selection's path and line range, then the selected text fenced. */
export function buildSelectionMessage(words: string, selection: MessageSelection, options: MessageOptions = {}): MessageResult {
  const { startLine, endLine } = selection;
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine) {
    throw new RangeError(`invalid selection lines ${startLine}-${endLine}`);
  }
  const limit = options.textLimitBytes ?? DEFAULT_TEXT_LIMIT_BYTES;
  const shownPath = displayPath(selection.path, selection.root);
  const size = Buffer.byteLength(selection.text, 'utf8');
  if (size > limit) {
    const message = l10n.t('The selection in {0} is {1}, over the {2} limit for text.', shownPath, formatSize(size), formatSize(limit));
    return { ok: false, refusals: [{ path: shownPath, reason: 'text-too-large', message }] };
  }
  const heading = startLine === endLine
    ? l10n.t('Selection from {0}, line {1}:', shownPath, startLine)
    : l10n.t('Selection from {0}, lines {1}-{2}:', shownPath, startLine, endLine);
  const section = `${heading}\n${fenceCodeBlock(selection.text, languageFor(shownPath))}`;
  return { ok: true, message: { initial_user_msg: joinSections(words, [section]), image_urls: [] } };
}

/** Fences `content` with more backticks than its longest backtick run (at least three), so the block cannot end early. */
export function fenceCodeBlock(content: string, language = ''): string {
  const longestRun = (content.match(/`+/g) ?? []).reduce((longest, run) => Math.max(longest, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = content === '' || content.endsWith('\n') ? content : `${content}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

/** The first non-blank line, whitespace collapsed, cut to `maxLength` characters with an ellipsis: a list label. */
export function firstLine(text: string, maxLength = 80): string {
  const line = text.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim()).find((l) => l !== '') ?? '';
  const chars = Array.from(line); // code points, so a cut never splits a surrogate pair
  return chars.length <= maxLength ? line : `${chars.slice(0, maxLength - 1).join('').trimEnd()}…`;
}

type Part = Refusal | { readonly text: string } | { readonly dataUrl: string };

function readText(shownPath: string, bytes: Uint8Array, limit: number): Part {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return binaryRefusal(shownPath);
  if (bytes.byteLength > limit) {
    const message = l10n.t('{0} is {1}, over the {2} limit for text files.', shownPath, formatSize(bytes.byteLength), formatSize(limit));
    return { path: shownPath, reason: 'text-too-large', message };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return binaryRefusal(shownPath);
  }
}

function readImage(shownPath: string, bytes: Uint8Array): Part {
  if (bytes.byteLength > IMAGE_LIMIT_BYTES) {
    const message = l10n.t('{0} is {1}, over the {2} limit for images.', shownPath, formatSize(bytes.byteLength), formatSize(IMAGE_LIMIT_BYTES));
    return { path: shownPath, reason: 'image-too-large', message };
  }
  // The type comes from the bytes, not the name: a model refuses a data URL whose type does not match its data.
  const mime = imageMimeType(bytes);
  if (!mime) {
    return { path: shownPath, reason: 'not-an-image', message: l10n.t('{0} does not hold PNG, JPEG, GIF or WebP image data.', shownPath) };
  }
  return { dataUrl: `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}` };
}

function imageMimeType(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

function binaryRefusal(shownPath: string): Refusal {
  const message = l10n.t('{0} is not a text file (it is not UTF-8 or has NUL bytes); only text files and PNG, JPEG, GIF or WebP images can be sent.', shownPath);
  return { path: shownPath, reason: 'binary', message };
}

// Relative to the root with posix separators; a file outside the root (or without one) shows only its name,
// so no local directory layout ends up in the message.
function displayPath(filePath: string, root: string | undefined): string {
  if (root !== undefined) {
    const relative = path.relative(root, filePath);
    const outside = relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
    if (!outside) return relative.split(path.sep).join('/');
  }
  return path.basename(filePath);
}

function languageFor(shownPath: string): string {
  return LANGUAGE_BY_EXTENSION[path.extname(shownPath).toLowerCase()] ?? '';
}

function joinSections(words: string, sections: readonly string[]): string {
  return [words.trim(), ...sections].filter((section) => section !== '').join('\n\n');
}

// Sizes are rounded up so a file just over a limit never reads as equal to it.
export function formatSize(bytes: number): string {
  const tenths = (value: number) => Math.ceil(value * 10) / 10;
  if (bytes >= 1024 * 1024) return l10n.t('{0} MiB', tenths(bytes / (1024 * 1024)));
  return bytes >= 1024 ? l10n.t('{0} KiB', tenths(bytes / 1024)) : l10n.t('{0} bytes', tenths(bytes));
}
