import "server-only";

/** A Map bounded to `maxEntries`, dropping the least recently used entry first. */
export class BoundedLru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Deletes every entry whose value matches. */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.entries) if (matches(value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
