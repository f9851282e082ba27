/**
 * Helpers shared by the value-hygiene checks (typos, length, cardinality, characters, drift,
 * conventions): the values a marketer set for a UTM parameter, number templates and a bounded
 * edit distance.
 */
import { type AuditData, statsOfIds, type ValueStats } from "../core/audit-data.ts";
import type { Dimension, UtmParam } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";

export {
  ANY_UTM_DIMENSION as UTM_VALUE_DIMENSIONS,
  FIELD_NAMES,
  fieldTitle,
  fieldValue,
  PARAM_NAMES,
} from "../core/audit-data.ts";

/**
 * A dimension's value in each of a view's own rows by value id (`valueOfRow` of its column), with
 * each value marked 1 when a person set it (`isUserValue`): judged once a value, read once a row.
 */
export interface UserValueColumn {
  readonly ofRow: Int32Array;
  readonly values: readonly string[];
  readonly user: Uint8Array;
}

/** The view's own column of `dimension` with its user values marked; none when no view has it. */
export function userValueColumn(
  data: AuditData,
  dimension: Dimension,
): UserValueColumn | undefined {
  if (!data.has(dimension)) return undefined;
  const { valueOfRow, values } = data.ownColumn(dimension);
  const user = new Uint8Array(values.length);
  for (let v = 0; v < values.length; v++) user[v] = isUserValue(values[v]) ? 1 : 0;
  return { ofRow: valueOfRow, values, user };
}

/** Whether row `r` has a value a person set in the column (none without the column). */
export function hasUserValueAt(column: UserValueColumn | undefined, r: number): boolean {
  if (!column) return false;
  const value = column.ofRow[r] as number;
  return value >= 0 && column.user[value] === 1;
}

/** Mediums GA4 writes for untagged visits: their sources are search engines and referrers. */
const UNTAGGED_MEDIUMS = new Set(["organic", "referral"]);

// Several checks read the same lists: build each once per audit.
const taggedCache = new WeakMap<AuditData, Map<UtmParam, readonly ValueStats[]>>();

/**
 * The values a person set for a UTM parameter, with their sessions and rows (shared: do not
 * mutate or sort in place). GA4 fills source and medium for untagged visits too ("google /
 * organic", "news.example.com / referral", in the manual dimensions as well), so rows whose
 * medium is organic or referral are left out: their values come from GA4, not from a link.
 */
export function taggedValues(data: AuditData, param: UtmParam): readonly ValueStats[] {
  let cache = taggedCache.get(data);
  if (!cache) {
    cache = new Map();
    taggedCache.set(data, cache);
  }
  let list = cache.get(param);
  if (!list) {
    list = collectTagged(data, param);
    cache.set(param, list);
  }
  return list;
}

function collectTagged(data: AuditData, param: UtmParam): ValueStats[] {
  const dimension = data.utmDimension(param);
  if (!dimension) return [];
  // The medium written beside the value: manual with manual, cross-channel with cross-channel.
  const mediums: readonly Dimension[] = dimension.startsWith("sessionManual")
    ? ["sessionManualMedium", "sessionMedium"]
    : ["sessionMedium", "sessionManualMedium"];
  // Campaign, term, content and ID of untagged visits are GA4 placeholders already.
  const medium =
    param === "source" || param === "medium"
      ? mediums.find((candidate) => data.has(candidate))
      : undefined;
  const all = data.values(dimension);
  if (!medium) return [...all.values()].filter((stats) => isUserValue(stats.value));
  // A few mediums over many rows: each one judged once, and each row's read by value id.
  const column = data.column(dimension);
  const mediumColumn = data.columnBeside(column, medium);
  const untaggedMedium = mediumColumn.values.map((value) =>
    UNTAGGED_MEDIUMS.has(value.trim().toLowerCase()),
  );
  const mediumOfRow = mediumColumn.valueOfRow;
  const untagged = (id: number): boolean => {
    const medium = mediumOfRow[id - column.firstId] as number;
    return medium >= 0 && (untaggedMedium[medium] as boolean);
  };
  const { values, starts, ids } = column;
  const out: ValueStats[] = [];
  for (let v = 0; v < values.length; v++) {
    const value = values[v] as string;
    if (!isUserValue(value)) continue;
    const from = starts[v] as number;
    const to = starts[v + 1] as number;
    let someUntagged = false;
    for (let i = from; i < to && !someUntagged; i++) someUntagged = untagged(ids[i] as number);
    if (!someUntagged) {
      out.push(all.get(value) as ValueStats);
      continue;
    }
    // The tagged rows by id and their sessions by id, in row order: the row objects are reached
    // only if a check asks for the rows (most read the value and its sessions).
    const kept = new Int32Array(to - from);
    let count = 0;
    let sessions = 0;
    for (let i = from; i < to; i++) {
      const id = ids[i] as number;
      if (untagged(id)) continue;
      kept[count++] = id;
      sessions += column.sessionsById[id] as number;
    }
    if (count === 0) continue;
    out.push(statsOfIds(value, sessions, column, kept.subarray(0, count)));
  }
  return out;
}

const DIGIT_RUN = /\d+/g;

/** "spring_sale_2025" → "spring_sale_#": values that differ only by a year, quarter or number. */
export function numberTemplate(value: string): string {
  return value.replace(DIGIT_RUN, "#");
}

// Reused between calls: typo searches compare many short pairs.
const buffers: [Int32Array, Int32Array, Int32Array] = [
  new Int32Array(64),
  new Int32Array(64),
  new Int32Array(64),
];

/**
 * Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count 1),
 * or `max + 1` as soon as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const m = endA - start;
  const n = endB - start;
  if (m === 0 || n === 0) return Math.min(m + n, max + 1);
  if (buffers[0].length <= n) for (let r = 0; r < 3; r += 1) buffers[r] = new Int32Array(n * 2 + 2);
  // Three rows of the table: two back (for transpositions), one back, and the current one.
  let [before, previous, current] = buffers;
  for (let j = 0; j <= n; j += 1) previous[j] = j;
  for (let i = 1; i <= m; i += 1) {
    const si = a.charCodeAt(start + i - 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j += 1) {
      const tj = b.charCodeAt(start + j - 1);
      const substitution = (previous[j - 1] ?? 0) + (si === tj ? 0 : 1);
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (
        i > 1 &&
        j > 1 &&
        si === b.charCodeAt(start + j - 2) &&
        a.charCodeAt(start + i - 2) === tj
      ) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const reused = before;
    before = previous;
    previous = current;
    current = reused;
  }
  const distance = previous[n] ?? 0;
  return distance > max ? max + 1 : distance;
}

/** Sessions first, then the value, so lists and titles come out the same on every run. */
export function bySessions(a: { value: string; sessions: number }, b: typeof a): number {
  return b.sessions - a.sessions || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** A finding keeps this many values. */
export const SHOWN_VALUES = 20;

/** The `count` busiest of a list, busiest first, without sorting all of it. */
export function busiest<T extends { value: string; sessions: number }>(
  list: Iterable<T>,
  count = SHOWN_VALUES,
): T[] {
  const top: T[] = [];
  for (const item of list) {
    const last = top[top.length - 1];
    if (top.length === count && last && bySessions(item, last) >= 0) continue;
    let at = top.length;
    while (at > 0) {
      const before = top[at - 1];
      if (!before || bySessions(item, before) >= 0) break;
      at -= 1;
    }
    top.splice(at, 0, item);
    if (top.length > count) top.pop();
  }
  return top;
}

/** "a, b, c and 4 more" for titles. */
export function listForTitle(values: readonly string[], shown = 3, total = values.length): string {
  const head = values.slice(0, shown).map((value) => `'${value}'`);
  const rest = total - head.length;
  return rest > 0 ? `${head.join(", ")} and ${rest} more` : head.join(", ");
}
