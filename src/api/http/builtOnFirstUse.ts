// A value built the first time it is asked for, then kept. The schemas of the modules activation loads are made
// this way: building them as their modules loaded took a quarter of the require of the activation files (18.6 ms
// with them, 14.2 without: the bench's median), for schemas a session may never use. The first answer of each
// kind now pays for its own.
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
