// The server's own export of a conversation, saved as the server gives it: V1's zip of its events
// (GET /api/v1/app-conversations/{id}/download, 1.6.0 and 1.11.0) or V0's trajectory JSON
// (GET /api/conversations/{id}/trajectory, 0.54.0: a running conversation's only).
import { okBytes } from './http/answers';
import type { CallOptions, Transport } from './http/transport';

/** The largest export read: a long conversation's events with whole files in its edits. */
export const MAX_TRAJECTORY_BYTES = 256 * 1024 * 1024;

export interface SavedExport { readonly fileName: string; readonly bytes: Uint8Array }

export async function downloadExport(transport: Transport, path: string, fallbackName: string, call?: CallOptions): Promise<SavedExport> {
  const answer = okBytes(await transport.sendForBytes(path, MAX_TRAJECTORY_BYTES, call));
  return { fileName: attachmentName(answer.headers.get('content-disposition')) ?? fallbackName, bytes: answer.bytes };
}

/** The file name a `content-disposition: attachment; filename="…"` gives, as a plain name (no folders). */
export function attachmentName(header: string | null): string | undefined {
  const name = header ? /filename="?([^";]+)"?/i.exec(header)?.[1] : undefined;
  const plain = name?.split(/[\\/]/).pop()?.trim();
  return plain && /^[\w.-]+$/.test(plain) && !/^\.+$/.test(plain) ? plain : undefined;
}

export const v1ExportPath = (id: string) => `/api/v1/app-conversations/${encodeURIComponent(id)}/download`;
export const v0ExportPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}/trajectory`;
