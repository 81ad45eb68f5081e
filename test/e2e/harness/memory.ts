// Samples the summed resident memory of this process and all its descendants (code-server, its extension
// hosts and watchers, chromium) to report the peak of a run.
import * as fs from 'node:fs';

const PAGE_SIZE = 4096;

function processTable(): Map<number, { ppid: number; rssBytes: number }> {
  const table = new Map<number, { ppid: number; rssBytes: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after "(comm)": state ppid pgrp ... rss is field 24 overall, i.e. index 21 after the comm.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(fields[1]), rssBytes: Number(fields[21]) * PAGE_SIZE });
    } catch {
      // the process ended while we read
    }
  }
  return table;
}

export function treeRssBytes(rootPid: number = process.pid): number {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += table.get(pid)?.rssBytes ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface MemorySampler {
  /** Peak summed RSS seen so far, in MiB. */
  peakMiB(): number;
  stop(): void;
}

export function sampleMemory(intervalMs = 500): MemorySampler {
  let peak = 0;
  const sample = () => {
    if (process.platform === 'linux') peak = Math.max(peak, treeRssBytes());
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return { peakMiB: () => Math.round(peak / 1024 / 1024), stop: () => clearInterval(timer) };
}
