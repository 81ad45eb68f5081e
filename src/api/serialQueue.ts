// Runs tasks one at a time in the order they were queued; a failed task does not stop the ones after it.
// Settings updates go through one, so two quick edits never read the same state and overwrite each other.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
