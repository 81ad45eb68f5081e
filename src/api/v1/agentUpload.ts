// Writing a local file onto a conversation's agent server: `POST /api/file/upload?path=<absolute path>`, multipart
// with the field `file` (agent_server/file_router.py, the same in 1.6.0 and 1.11.0; a relative path → 400 "Path
// must be absolute"; parent folders are made; 200 {"success": true}). The body is streamed from disk as fetch
// reads it, so a bundle of hundreds of MiB is never held in memory; its length is known, so it is sent with a
// Content-Length (no chunked upload for the server to guess at).
import { open } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { readAnswer } from '../http/answers';
import type { CallOptions, StreamedBody, Transport } from '../http/transport';
import type { UploadProgress } from '../model/agentCommands';
import { SuccessAnswer } from './schemas';

const CHUNK_BYTES = 256 * 1024;

export async function uploadFile(transport: Transport, localPath: string, remotePath: string, onSent?: UploadProgress, call?: CallOptions): Promise<void> {
  const body = await multipartFile(localPath, onSent);
  const query = new URLSearchParams({ path: remotePath });
  readAnswer(await transport.sendStreamed(`/api/file/upload?${query}`, body, call), SuccessAnswer());
}

/** A multipart/form-data body of one field, `file`, whose bytes are read from `localPath` chunk by chunk. */
export async function multipartFile(localPath: string, onSent?: UploadProgress): Promise<StreamedBody> {
  const boundary = `----openhands-${randomBytes(12).toString('hex')}`;
  const name = basename(localPath).replace(/["\r\n\\]/g, '_');
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const file = await open(localPath, 'r');
  let size: number;
  try {
    size = (await file.stat()).size;
  } catch (error) {
    await file.close();
    throw error;
  }
  let position = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === 'head') {
        stage = 'file';
        controller.enqueue(head);
        return;
      }
      if (stage === 'file') {
        const { bytesRead, buffer } = await file.read(new Uint8Array(CHUNK_BYTES), 0, CHUNK_BYTES, position).catch(async (error: unknown) => {
          stage = 'done';
          await file.close();
          throw error;
        });
        if (bytesRead > 0) {
          position += bytesRead;
          controller.enqueue(buffer.subarray(0, bytesRead));
          onSent?.(position);
          return;
        }
        stage = 'tail';
        await file.close();
      }
      if (stage === 'tail') {
        stage = 'done';
        controller.enqueue(tail);
        controller.close();
      }
    },
    async cancel() {
      if (stage !== 'tail' && stage !== 'done') await file.close();
      stage = 'done';
    },
  }, { highWaterMark: 0 });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length };
}
