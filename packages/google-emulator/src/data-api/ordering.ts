/**
 * Row order (ga4-protocol.md §3.2 OrderBy). ALPHANUMERIC is "by Unicode code point",
 * CASE_INSENSITIVE_ALPHANUMERIC by the lower-cased code points, NUMERIC by number with every
 * non-numeric value equal and below all numbers. After the requested orders, rows fall back to
 * their dimension values, so the order is total and pages never overlap or skip a row.
 *
 * Strings are compared once per distinct value of a column, not once per pair of rows: each
 * column's values are ranked, and rows are sorted on those integer ranks.
 */
import { FACT_METRICS } from "../synthetic/types.ts";
import type { DimensionOrderType, ReportOrder } from "./report-query.ts";

/** One aggregated row: its column values, its sums (indexed like FACT_METRICS), its date range. */
export interface AggregatedRow {
  values: readonly string[];
  sums: readonly number[];
  range: number;
}

/** UTF-16 units from here up may order differently from their code points. */
const WIDE = /[\ud800-\uffff]/;

/** A text sort key, flagged when it needs the code-point comparison. */
interface TextKey {
  text: string;
  wide: boolean;
}

function textKey(text: string): TextKey {
  return { text, wide: WIDE.test(text) };
}

/**
 * Code-point order. JavaScript's `<` compares UTF-16 units, which agrees except where a
 * surrogate pair meets a unit in U+E000..U+FFFF, so only keys with such units take the slow path.
 */
function compareText(a: TextKey, b: TextKey): number {
  if (a.text === b.text) return 0;
  if (!a.wide && !b.wide) return a.text < b.text ? -1 : 1;
  const length = Math.min(a.text.length, b.text.length);
  for (let i = 0; i < length; i++) {
    const x = a.text.charCodeAt(i);
    const y = b.text.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.text.length - b.text.length;
}

/** Moves surrogates (U+D800..U+DFFF) above U+E000..U+FFFF, where their code points are. */
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function compareNumbers(x: number, y: number): number {
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x - y;
}

/** Sorts `values` under `orderType`, each with the rank of its class of equal values. */
function rankValues(values: readonly string[], orderType: DimensionOrderType): Map<string, number> {
  const ranks = new Map<string, number>();
  const assign = <K>(keyOf: (value: string) => K, compare: (a: K, b: K) => number) => {
    const entries = values.map((value) => ({ value, key: keyOf(value) }));
    entries.sort((a, b) => compare(a.key, b.key));
    let rank = 0;
    entries.forEach((entry, i) => {
      const previous = entries[i - 1];
      if (previous !== undefined && compare(previous.key, entry.key) !== 0) rank++;
      ranks.set(entry.value, rank);
    });
  };
  switch (orderType) {
    case "ALPHANUMERIC":
      assign(textKey, compareText);
      break;
    case "CASE_INSENSITIVE_ALPHANUMERIC":
      assign((value) => textKey(value.toLowerCase()), compareText);
      break;
    case "NUMERIC":
      assign((value) => (NUMBER.test(value) ? Number(value) : Number.NaN), compareNumbers);
      break;
  }
  return ranks;
}

/** Each row's rank in `column` under `orderType`; values the order finds equal share a rank. */
function columnRanks(
  rows: readonly AggregatedRow[],
  column: number,
  orderType: DimensionOrderType,
): Int32Array {
  if (orderType === "ALPHANUMERIC") {
    const values = rows.map((row) => row.values[column] ?? "");
    if (!values.some((value) => WIDE.test(value))) return plainTextRanks(values);
  }
  const distinct = new Set<string>();
  for (const row of rows) distinct.add(row.values[column] ?? "");
  const ranks = rankValues([...distinct], orderType);
  return Int32Array.from(rows, (row) => ranks.get(row.values[column] ?? "") ?? 0);
}

/**
 * Ranks of strings without the units where UTF-16 and code-point order differ, so `<` is the
 * order: one sort of the indexes, without the keys and the map of distinct values, which a
 * report of tens of thousands of long distinct values (a scan's joined column) made costly.
 */
function plainTextRanks(values: readonly string[]): Int32Array {
  const order = Int32Array.from(values, (_, i) => i);
  order.sort((a, b) => {
    const x = values[a] as string;
    const y = values[b] as string;
    return x === y ? 0 : x < y ? -1 : 1;
  });
  const ranks = new Int32Array(values.length);
  let rank = 0;
  for (let i = 0; i < order.length; i++) {
    const at = order[i] as number;
    if (i > 0 && values[at] !== values[order[i - 1] as number]) rank++;
    ranks[at] = rank;
  }
  return ranks;
}

/** A sort key per row, computed the first time two rows tie on every key before it. */
interface SortKey {
  compute: () => ArrayLike<number>;
  values: ArrayLike<number> | undefined;
  sign: number;
}

/** `rows` sorted by `orders`, then by their dimension values. */
export function orderRows(
  rows: readonly AggregatedRow[],
  orders: readonly ReportOrder[],
): AggregatedRow[] {
  const metricKey = (metric: number) => Float64Array.from(rows, (row) => row.sums[metric] ?? 0);
  const keys: SortKey[] = orders.map((order) => ({
    compute: () =>
      order.kind === "metric"
        ? metricKey(FACT_METRICS.indexOf(order.metric))
        : columnRanks(rows, order.index, order.orderType),
    values: undefined,
    sign: order.desc ? -1 : 1,
  }));
  const width = rows[0]?.values.length ?? 0;
  for (let column = 0; column < width; column++) {
    keys.push({
      compute: () => columnRanks(rows, column, "ALPHANUMERIC"),
      values: undefined,
      sign: 1,
    });
  }
  const indexes = Int32Array.from(rows, (_, i) => i);
  indexes.sort((a, b) => {
    for (const key of keys) {
      key.values ??= key.compute();
      const difference = (key.values[a] as number) - (key.values[b] as number);
      if (difference !== 0) return key.sign * difference;
    }
    return 0;
  });
  return Array.from(indexes, (i) => rows[i] as AggregatedRow);
}
