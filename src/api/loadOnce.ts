// A module's code loaded on its first use, once per client: later calls share the load; a failed load is tried
// again by the next call rather than kept as a failure for the client's life.
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
