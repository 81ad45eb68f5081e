// A request's timeout and cancel. Both abort the request's own controller, whose signal fetch is handed, so that a
// request given up is ended at the server too (left running, one that never answers would be held until undici's
// own 300 s timeout: the fuzz tests saw the heap grow). The timeout is one entry on the transport's single timer
// (deadlines.ts), not a timer of its own per request.
import type { Deadlines } from './deadlines';

export class WithinTimeout {
  /** The time was up before the request ended. */
  timedOut = false;
  private readonly controller = new AbortController();

  constructor(private readonly deadlines: Deadlines, private readonly ms: number, private readonly cancel: AbortSignal | undefined) {}

  /** What fetch is handed: aborted by the timeout or by the caller's cancel. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The work's outcome, or a rejection as soon as the time is up (then `timedOut` is set) or the caller cancels. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const abort = () => this.controller.abort();
    this.cancel?.addEventListener('abort', abort, { once: true });
    return new Promise<T>((resolve, reject) => {
      const forget = this.deadlines.add(this.ms, () => {
        this.timedOut = true;
        abort();
        reject(new Error(`no answer within ${this.ms} ms`));
      });
      const done = () => { forget(); this.cancel?.removeEventListener('abort', abort); };
      work().then(
        (value) => { done(); resolve(value); },
        (error: unknown) => { done(); reject(error); },
      );
    });
  }
}
