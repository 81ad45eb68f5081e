// A request's timeout and cancel, as cheaply as a local answer allows. fetch is handed the caller's signal only (none
// when the caller gave none): undici follows each signal it is given with a listener, a raised listener cap and a
// finalizer, the largest part of the client's overhead over a bare fetch, and a signal of the transport's own on
// every request would pay that to serve the timeout alone. The timeout instead ends the caller's wait at once
// (one timer for all of a transport's requests, deadlines.ts); the request is left to finish and its answer is
// cancelled unread when it comes (transport.ts). A streamed upload is aborted instead, so that no more of the file
// is sent once its time is up.
import type { Deadlines } from './deadlines';

export class WithinTimeout {
  /** The time was up before the request ended. */
  timedOut = false;
  /** What fetch is handed: the caller's signal, or for an upload one that the timeout aborts too. */
  readonly signal: AbortSignal | undefined;
  private readonly controller: AbortController | undefined;

  constructor(private readonly deadlines: Deadlines, private readonly ms: number, cancel: AbortSignal | undefined, abortOnTimeout: boolean) {
    this.controller = abortOnTimeout ? new AbortController() : undefined;
    this.signal = this.controller && cancel ? AbortSignal.any([cancel, this.controller.signal]) : (this.controller?.signal ?? cancel);
  }

  /** The work's outcome, or a rejection as soon as the time is up (then `timedOut` is set). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const forget = this.deadlines.add(this.ms, () => {
        this.timedOut = true;
        this.controller?.abort();
        reject(new Error(`no answer within ${this.ms} ms`));
      });
      work().then(
        (value) => { forget(); resolve(value); },
        (error: unknown) => { forget(); reject(error); },
      );
    });
  }
}
