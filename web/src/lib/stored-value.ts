/**
 * A value kept in localStorage and read through React's `useSyncExternalStore` (the visitor's
 * cart, the visitor's garage): one cached read, the same empty value on the server and during
 * hydration, other tabs' writes heard through the `storage` event. Zod-free: the navbar reads
 * these stores. `parse` gets whatever another tab or an old version wrote (JSON, or null when
 * nothing is stored) and keeps only what is well-formed.
 */
export function storedValue<T>({
  key,
  empty,
  parse,
  isEmpty,
}: {
  key: string;
  empty: T;
  parse: (stored: unknown) => T;
  /** Nothing worth storing: the key is removed. */
  isEmpty: (value: T) => boolean;
}) {
  const listeners = new Set<() => void>();
  let cached: T | undefined;
  const read = (): T => {
    try {
      return parse(JSON.parse(localStorage.getItem(key) ?? 'null') as unknown);
    } catch {
      return empty;
    }
  };
  return {
    snapshot(): T {
      if (typeof localStorage === 'undefined') return empty;
      cached ??= read();
      return cached;
    },
    /** The server renders every page with the empty value; hydration reads the same. */
    serverSnapshot: (): T => empty,
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key) return;
        cached = read();
        listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    write(value: T) {
      cached = value;
      try {
        if (isEmpty(value)) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the value lives as long as the page.
      }
      for (const listener of listeners) listener();
    },
  };
}
