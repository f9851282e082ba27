/**
 * A small least-recently-used cache for computed reports. A client pages through a big report
 * with one runReport per page; without this every page would aggregate millions of fact rows
 * again. Memory is bounded twice: by entries and by total weight (rows), and a value heavier
 * than the whole budget is not kept at all.
 */
export class LruCache<V> {
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  /** Map iteration order is insertion order, so the first key is the least recently used. */
  readonly #entries = new Map<string, { owner: object; value: V; weight: number }>();
  #weight = 0;

  constructor(maxEntries: number, maxWeight: number) {
    this.#maxEntries = maxEntries;
    this.#maxWeight = maxWeight;
  }

  /**
   * The value stored under `key` for `owner`. The owner is compared by identity, so two objects
   * that happen to share a key (two test fakes with one property id) never see each other's
   * values.
   */
  get(key: string, owner: object): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.owner !== owner) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, owner: object, value: V, weight: number): void {
    this.#remove(key);
    if (weight > this.#maxWeight) return;
    this.#entries.set(key, { owner, value, weight });
    this.#weight += weight;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#weight <= this.#maxWeight) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#weight -= entry.weight;
    this.#entries.delete(key);
  }
}
