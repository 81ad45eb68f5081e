// InMemoryRateLimiter(requests=10, seconds=1) of the real server (openhands/server/middleware.py): a sliding 1 s
// window per client host that counts every request, refused ones included.
export type RateDecision = 'pass' | 'delay' | 'refuse';

export class RateLimiter {
  private readonly history = new Map<string, number[]>();

  constructor(
    private readonly requests = 10,
    private readonly windowMs = 1000,
  ) {}

  check(client: string, now = Date.now()): RateDecision {
    const recent = (this.history.get(client) ?? []).filter((t) => t > now - this.windowMs);
    recent.push(now);
    this.history.set(client, recent);
    if (recent.length > this.requests * 2) return 'refuse';
    return recent.length > this.requests ? 'delay' : 'pass';
  }

  clear(): void {
    this.history.clear();
  }
}
