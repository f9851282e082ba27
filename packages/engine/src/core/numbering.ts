/**
 * Numbers values in the order they first come: the first value is 0, the next new one 1, and so
 * on; `values` holds them by number. How a column's values get the numbers its rows carry.
 */
export class Numbering<T> {
  readonly values: T[] = [];
  readonly #numbers = new Map<T, number>();

  /** The number of `value`, given the next one the first time it comes. */
  numberOf(value: T): number {
    let number = this.#numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.#numbers.set(value, number);
      this.values.push(value);
    }
    return number;
  }
}
