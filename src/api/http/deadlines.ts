// The timeouts of one transport's requests on a single timer. A timer of its own for each request cost about as
// much as the rest of the transport's work on a local answer (the bench's client overhead); here a request only
// adds itself to a set and takes itself out. The timer is armed for the earliest deadline and keeps the process
// alive only while a request is pending.

interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

export class Deadlines {
  readonly #pending = new Set<Deadline>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #armedFor = Infinity;

  /** Calls `expire` once `ms` have passed, unless the returned function is called first. */
  add(ms: number, expire: () => void): () => void {
    const deadline: Deadline = { at: performance.now() + ms, expire };
    this.#pending.add(deadline);
    if (deadline.at < this.#armedFor) this.#arm(deadline.at);
    else this.#timer?.ref();
    return () => {
      this.#pending.delete(deadline);
      if (this.#pending.size === 0) this.#timer?.unref();
    };
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedFor = at;
    this.#timer = setTimeout(() => this.#expireDue(), Math.max(0, at - performance.now()));
  }

  #expireDue(): void {
    this.#timer = undefined;
    this.#armedFor = Infinity;
    const now = performance.now();
    const due: Deadline[] = [];
    let next = Infinity;
    for (const deadline of this.#pending) {
      if (deadline.at <= now) due.push(deadline);
      else if (deadline.at < next) next = deadline.at;
    }
    if (next !== Infinity) this.#arm(next);
    // Earliest first, also when a late timer finds several due at once.
    for (const deadline of due.sort((a, b) => a.at - b.at)) {
      this.#pending.delete(deadline);
      deadline.expire();
    }
  }
}
