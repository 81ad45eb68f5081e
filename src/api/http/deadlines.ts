// Every request's deadline in this process on one timer, armed for the earliest of them, rather than a timer set and
// cleared per request: that pair cost about 1.5 % of a loopback request's time against a bare fetch (issue 42's
// client overhead). A request that ends takes its deadline out; a timer that finds none due is armed again for the
// next one pending, or left unarmed.
interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let armedFor = Infinity;

/** Calls `expire` once `ms` have passed, unless the returned function was called first. */
export function startDeadline(ms: number, expire: () => void): () => void {
  const deadline: Deadline = { at: Date.now() + ms, expire };
  pending.add(deadline);
  if (deadline.at < armedFor) arm(deadline.at);
  else timer?.ref();
  return () => {
    pending.delete(deadline);
    // Armed with nothing pending, the timer keeps no process alive (a script ends at its last answer).
    if (pending.size === 0) timer?.unref();
  };
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedFor = at;
  timer = setTimeout(expireDue, Math.max(0, at - Date.now()));
}

function expireDue(): void {
  timer = undefined;
  armedFor = Infinity;
  const now = Date.now();
  let next = Infinity;
  for (const deadline of pending) {
    if (deadline.at <= now) {
      pending.delete(deadline);
      deadline.expire();
    } else if (deadline.at < next) {
      next = deadline.at;
    }
  }
  if (next !== Infinity) arm(next);
}
