// Small statistics for the bench: medians of repeated measurements, in milliseconds.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `fn` `count` times and returns each run's duration in ms. */
export async function timeEach(count: number, fn: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

/**
 * Times `a` and `b` `count` times each, call by call, swapping which goes first every round, so that drift of a
 * busy machine (two cores shared with the server process) falls on both alike. Returns each one's durations in ms.
 */
export async function timeAlternating(count: number, a: () => unknown, b: () => unknown): Promise<[number[], number[]]> {
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2) {
      aTimes.push(...(await timeEach(1, a)));
      bTimes.push(...(await timeEach(1, b)));
    } else {
      bTimes.push(...(await timeEach(1, b)));
      aTimes.push(...(await timeEach(1, a)));
    }
  }
  return [aTimes, bTimes];
}
