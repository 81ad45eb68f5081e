// The agent server's upload and command routes (openhands-v1-work.md §8; agent_server file_router.py and
// bash_router.py, the same in 1.6.0 and 1.11.0), for handing a folder to a conversation:
// - POST /api/file/upload?path=<absolute>, multipart field `file`: parent folders made, 200 {"success": true};
//   a relative path → 400 "Path must be absolute"; no `path` or no `file` → 422 (FastAPI's missing field).
// - POST /api/bash/execute_bash_command {"command", "cwd", "timeout"=300}: a shell runs it in `cwd` (none: the
//   agent server's own folder, the workspace only where the settings group no conversations), and the answer is its BashOutput:
//   exit_code (-1 after the timeout or when it cannot start), stdout and stderr (null when empty).
// The real one writes wherever its user may; the stand-in only in the workspace and the temporary folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Reply, detailReply, jsonReply, validationReply } from './http';
import { pythonUtcNow } from './v1Models';

const missing = (loc: string[]): Reply => validationReply([{ type: 'missing', loc, msg: 'Field required', input: null }]);

export function uploadFile(workspace: string, query: URLSearchParams, contentType: string, body: Buffer): Reply {
  const path = query.get('path');
  const file = multipartField(contentType, body, 'file');
  if (path === null) return file === null ? validationReply([...missingDetail(['query', 'path']), ...missingDetail(['body', 'file'])]) : missing(['query', 'path']);
  if (file === null) return missing(['body', 'file']);
  if (!isAbsolute(path)) return detailReply(400, 'Path must be absolute');
  const target = resolve(path);
  if (![workspace, tmpdir(), '/tmp'].some((root) => target.startsWith(root + sep))) {
    return detailReply(500, `Failed to upload file: [Errno 13] Permission denied: '${path}'`);
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, file);
  return jsonReply(200, { success: true });
}

const missingDetail = (loc: string[]) => [{ type: 'missing', loc, msg: 'Field required', input: null }];

/** The bytes of the multipart part named `name`, or null when the body has none. */
function multipartField(contentType: string, body: Buffer, name: string): Buffer | null {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!contentType.startsWith('multipart/form-data') || !boundary) return null;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(`--${boundary}\r\n`);
  while (at >= 0) {
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) return null;
    const headers = body.subarray(at, headersEnd).toString('latin1');
    const end = body.indexOf(delimiter, headersEnd + 4);
    if (end < 0) return null;
    if (new RegExp(`name="${name}"`).test(headers)) return body.subarray(headersEnd + 4, end);
    at = end + 2;
  }
  return null;
}

/** `folder`: the agent server's own folder, where a command without `cwd` runs and a relative one starts. */
export async function executeBashCommand(folder: string, body: Buffer): Promise<Reply> {
  let request: { command?: unknown; cwd?: unknown; timeout?: unknown };
  try {
    request = JSON.parse(body.toString('utf8')) as typeof request;
  } catch {
    return validationReply([{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: null }]);
  }
  if (typeof request.command !== 'string') return missing(['body', 'command']);
  const timeout = typeof request.timeout === 'number' ? request.timeout : 300;
  const cwd = typeof request.cwd === 'string' ? resolve(folder, request.cwd) : folder;
  const commandId = randomUUID().replace(/-/g, ''); // OpenHandsUUID: hex without dashes (seen on 1.6.0)
  const output = (exitCode: number, stdout: string, stderr: string): Reply => jsonReply(200, {
    id: randomUUID().replace(/-/g, ''), timestamp: pythonUtcNow(), command_id: commandId, order: 0, exit_code: exitCode,
    stdout: stdout || null, stderr: stderr || null, kind: 'BashOutput',
  });
  if (!existsSync(cwd)) return output(-1, '', `Error executing command: [Errno 2] No such file or directory: '${cwd}'`);
  return new Promise((done) => {
    const child = spawn('/bin/sh', ['-c', request.command as string], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; process.kill(-child.pid!, 'SIGKILL'); }, timeout * 1000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      done(output(timedOut ? -1 : (code ?? -1), Buffer.concat(out).toString('utf8'), Buffer.concat(err).toString('utf8')));
    });
  });
}
