// Loads a part of the extension when it is first needed, once: the composition root hands it the import of the
// on-demand bundle (src/onDemand.ts), so that start-up does not pay for what only a command uses.

export interface FirstUse<T> {
  /** Loads it on the first call; every caller gets that one load. A failed load is tried again by the next. */
  get(): Promise<T>;
  /** What was loaded, once it has been: a command then runs at once, as a directly registered one does. */
  now(): T | undefined;
}

export function onFirstUse<T>(load: () => Promise<T>): FirstUse<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const get = (): Promise<T> => {
    loading ??= load().then((value) => (loaded = value), (error: unknown) => {
      // The reset runs after `??=` has stored the promise.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { get, now: () => loaded };
}

/** A bundle's import, with the time it took in the log: the first use of a command pays it, and the bench reads it. */
export async function loggedImport<T>(log: (message: string) => void, name: string, load: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const loaded = await load();
  log(`Loaded ${name} in ${(performance.now() - started).toFixed(1)} ms`);
  return loaded;
}
