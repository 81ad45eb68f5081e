// Pass/fail counts in the one line CI reads: "N passed, N failed" alone on a line (a "word:" may precede it).

export interface Counts {
  passed: number;
  failed: number;
}

export function add(a: Counts, b: Counts): Counts {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed };
}

export function countsLine(counts: Counts, label?: string): string {
  return `${label ? `${label}: ` : ''}${counts.passed} passed, ${counts.failed} failed`;
}

export function seconds(sinceMs: number): string {
  return `${((Date.now() - sinceMs) / 1000).toFixed(1)} s`;
}
