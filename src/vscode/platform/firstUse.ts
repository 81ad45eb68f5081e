// Loads a part of the extension when it is first needed, once: the composition root hands it the import of the
// on-demand bundle (src/onDemand.ts), so that start-up does not pay for what only a command uses.
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed load is tried again by the next use; the reset runs after `??=` has stored the promise.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
