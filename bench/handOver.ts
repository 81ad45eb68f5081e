// Send This Folder against the stand-in in its own process (issue 30): a git folder of 2,000 files / 20 MB with
// uncommitted edits and untracked files, from the snapshot (snapshot.ts) to the task sent (handOver.ts): the
// time, the bytes uploaded, the requests (all counted), and how far this process's memory rose above where it
// was (sampled every 10 ms): the bundle is streamed from disk, never held whole.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../src/api/client';
import { connectClient } from '../src/api/createClient';
import { sessionCredential } from '../src/api/http/credential';
import { handOver } from '../src/core/handover/handOver';
import { makeSnapshot, unpackCommand } from '../src/core/handover/snapshot';
import { startServerProcess } from './serverProcess';

export const HANDOVER_FILES = 2000;
const FILE_BYTES = 10 * 1024;
/** The stand-in's start task is READY before the client's first poll (250 ms): the start costs two requests. */
const READY_AFTER_MS = 200;

export interface HandOverFigures { ms: number; snapshotMs: number; uploaded: number; requests: number; folderBytes: number; peakRiseMiB: number }

/** 2,000 files of 10 KiB of text git cannot squeeze much, committed, then 100 edited and 100 new. */
function makeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-handover-'));
  const text = (seed: number) => Array.from({ length: FILE_BYTES / 16 }, (_, i) => ((seed * 7919 + i * 104729) ** 2 % 1e15).toString(36).padStart(15, '0')).join('\n').padEnd(FILE_BYTES, '.');
  for (let i = 0; i < HANDOVER_FILES - 100; i++) {
    mkdirSync(join(dir, `dir${i % 40}`), { recursive: true });
    writeFileSync(join(dir, `dir${i % 40}`, `file${i}.txt`), text(i));
  }
  const git = (args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git(['-c', 'init.defaultBranch=main', 'init', '-q']);
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  for (let i = 0; i < 100; i++) writeFileSync(join(dir, `dir${i % 40}`, `file${i}.txt`), text(i + 100_000));
  for (let i = HANDOVER_FILES - 100; i < HANDOVER_FILES; i++) writeFileSync(join(dir, `new${i}.txt`), text(i));
  return dir;
}

export async function handOverBench(key: string): Promise<HandOverFigures> {
  const folder = makeFolder();
  const server = await startServerProcess(key, 'v1');
  try {
    await undiciFetch(`${server.url}/_test/start-tasks`, { method: 'POST', body: JSON.stringify({ readyAfterMs: READY_AFTER_MS }) });
    let requests = 0;
    const counting: FetchFunction = (url, init) => { requests++; return undiciFetch(url, init as never) as unknown as Promise<Response>; };
    const counted = await connectClient({ baseUrl: server.url, fetch: counting, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 });
    requests = 0; // the detection's requests are the connection's, not the hand-over's
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
    const started = performance.now();
    const snapshot = await makeSnapshot(folder, { leaveOut: [], historyLimitBytes: 200 * 1024 * 1024 });
    const snapshotMs = performance.now() - started;
    let uploaded = 0;
    try {
      await handOver(counted, {
        bundle: snapshot, unpackCommand: (remote) => unpackCommand(snapshot, remote), task: { text: 'Look at the folder.' },
        onProgress: (p) => { if (p.step === 'upload') uploaded = p.sent; },
      });
    } finally {
      await snapshot.dispose();
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    return { ms, snapshotMs, uploaded, requests, folderBytes: HANDOVER_FILES * FILE_BYTES, peakRiseMiB: (peak - base) / (1024 * 1024) };
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
