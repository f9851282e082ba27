import { type Channel, predictChannel } from "../channels/channel-group.ts";
import { shrunk } from "./group-table.ts";
import { Numbering } from "./numbering.ts";
import type { AggregatedRow, AuditContext, Dimension, UtmParam, View } from "./types.ts";
import { normalizeHost, siteDomain } from "./values.ts";

/**
 * The distinct values of a dimension in one view, with each value's sessions and row ids, in
 * typed arrays: what a check that reads every value reads without a Map entry and an array per
 * value (at high cardinality the landing pages are nearly as many as the rows).
 */
export interface Column {
  /** The values, in the order the rows first carry them. */
  readonly values: readonly string[];
  /** Sessions of each value. */
  readonly sessions: Float64Array;
  /** The ids of value `v`'s rows are `ids[starts[v]]` up to `ids[starts[v + 1]]`, in row order. */
  readonly starts: Int32Array;
  readonly ids: Int32Array;
  /** Each row's value, as its index in `values`; -1 for a row without one. */
  readonly valueOfRow: Int32Array;
  /** The view the column is of: id `id` is its row `data.row(id - firstId)`. */
  readonly data: AuditData;
  readonly firstId: number;
  /** Sessions by row id, for the column's rows at least (the audit's array when views share one). */
  readonly sessionsById: Float64Array;
  /**
   * Each value's shape (`VALUE_SHAPE` in rules/urls.ts), value `v`'s at `v`, -1 for a shape of
   * its own; shape ids are below `shapeCount`. Only when the source found them (the CLI's reader,
   * for the landing pages): facts that are the same for every value of a shape are then found
   * once a shape (`factsByShape`).
   */
  readonly shapes?: Int32Array;
  readonly shapeCount?: number;
}

/** The shapes of a dimension's values by their ids, as a source found them (`Column.shapes`). */
export interface ValueShapes {
  /** Value id `i`'s shape at `i`, -1 for a shape of its own. */
  readonly ids: Int32Array;
  /** Every shape id is below it. */
  readonly count: number;
}

/** The grouping's value ids of a view's rows, for building columns. */
export interface RowKeys {
  /** The dimension of each position. */
  readonly dimensions: readonly Dimension[];
  /** Each position's values by id. */
  readonly values: readonly (readonly (string | undefined)[])[];
  /**
   * Each position's value id of each row (row r's at r), or undefined where every row has id 0
   * (a dimension of one value, such as one the source lacks).
   */
  readonly ids: readonly (Int32Array | undefined)[];
  /** Each position's values' shapes by id, where the source found them. */
  readonly shapes?: readonly (ValueShapes | undefined)[];
}

export interface ValueStats {
  value: string;
  sessions: number;
  /** Every distinct row carrying the value. */
  rows: AggregatedRow[];
}

/**
 * A value's stats read from its column: the rows are made into an array only when a check asks
 * for them. Most checks judge a value by its text and sessions and hand it to
 * `FindingCollector.addValue`, which takes its rows from the column's ids; an array of rows for
 * every value of every dimension asked for was most of what `values` cost. A plain object with
 * its own `rows` property, as any other stats are.
 */
function columnValueStats(value: string, sessions: number, column: Column, v: number): ValueStats {
  let made: AggregatedRow[] | undefined;
  return {
    value,
    sessions,
    get rows(): AggregatedRow[] {
      made ??= rowsOfIds(
        column,
        column.ids,
        column.starts[v] as number,
        column.starts[v + 1] as number,
      );
      return made;
    },
    set rows(rows: AggregatedRow[]) {
      made = rows;
    },
  };
}

/** Row `r`'s value in `column` (a column over the row's view), or undefined when it has none. */
export function valueAt(column: Column, r: number): string | undefined {
  const v = column.valueOfRow[r] as number;
  return v < 0 ? undefined : column.values[v];
}

/** The rows of `column` whose ids are `ids[from]` up to `ids[to]`, in that order. */
function rowsOfIds(column: Column, ids: Int32Array, from: number, to: number): AggregatedRow[] {
  const { data, firstId } = column;
  const made: AggregatedRow[] = [];
  for (let i = from; i < to; i++) made.push(data.row((ids[i] as number) - firstId));
  return made;
}

/** The row ids behind stats made by `statsOfIds`, for `FindingCollector.addValue`. */
const idsOfStats = new WeakMap<ValueStats, Int32Array>();

/**
 * Stats of some of a value's rows, given as ids of `column`'s rows in order, with their sessions:
 * the rows are made into an array only when a check asks for them (as `columnValueStats`), and a
 * finding takes them by id (`statsIds`). Giving `rows` other rows lets the ids go.
 */
export function statsOfIds(
  value: string,
  sessions: number,
  column: Column,
  ids: Int32Array,
): ValueStats {
  let made: AggregatedRow[] | undefined;
  const stats: ValueStats = {
    value,
    sessions,
    get rows(): AggregatedRow[] {
      made ??= rowsOfIds(column, ids, 0, ids.length);
      return made;
    },
    set rows(rows: AggregatedRow[]) {
      made = rows;
      idsOfStats.delete(stats);
    },
  };
  idsOfStats.set(stats, ids);
  return stats;
}

/** The ids of the rows of stats made by `statsOfIds`, in order; undefined for any other stats. */
export function statsIds(stats: ValueStats): Int32Array | undefined {
  return idsOfStats.get(stats);
}

/** Where each UTM parameter is read: the manual dimension first, else the session one. */
const UTM_DIMENSIONS: Record<UtmParam, readonly Dimension[]> = {
  source: ["sessionManualSource", "sessionSource"],
  medium: ["sessionManualMedium", "sessionMedium"],
  campaign: ["sessionManualCampaignName", "sessionCampaignName"],
  term: ["sessionManualTerm"],
  content: ["sessionManualAdContent"],
  id: ["sessionManualCampaignId"],
};

/** Every dimension that carries a UTM parameter, manual before session, parameter by parameter. */
export const ANY_UTM_DIMENSION: readonly Dimension[] = Object.values(UTM_DIMENSIONS).flat();

/** The URL parameter behind each UTM parameter, as people write it. */
export const PARAM_NAMES: Record<UtmParam, string> = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  term: "utm_term",
  content: "utm_content",
  id: "utm_id",
};

/**
 * How reports name the field a value was read from: the parameter as tagged (utm_medium, from the
 * manual dimensions) or what GA4 attributed the session to (the session medium, which may come
 * from auto-tagging or a referrer rather than a UTM).
 */
export const FIELD_NAMES: Readonly<Record<Dimension, string>> = {
  sessionManualSource: "utm_source",
  sessionManualMedium: "utm_medium",
  sessionManualCampaignName: "utm_campaign",
  sessionManualCampaignId: "utm_id",
  sessionManualTerm: "utm_term",
  sessionManualAdContent: "utm_content",
  sessionSource: "session source",
  sessionMedium: "session medium",
  sessionCampaignName: "session campaign",
  sessionDefaultChannelGroup: "default channel group",
  landingPagePlusQueryString: "landing page",
  pageReferrer: "page referrer",
  date: "date",
};

/** The field's name at the start of a title: "utm_medium", "Session medium". */
export function fieldTitle(field: Dimension): string {
  const name = FIELD_NAMES[field];
  return name.startsWith("utm_") ? name : `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * A value of a field in a title: "tagged utm_medium=organic" when read from the tag,
 * "attributed to session medium organic" when read from GA4's session attribution.
 */
export function fieldValue(field: Dimension, value: string): string {
  const name = FIELD_NAMES[field];
  return name.startsWith("utm_") ? `tagged ${name}=${value}` : `attributed to ${name} ${value}`;
}

export const UTM_PARAMS: readonly UtmParam[] = [
  "source",
  "medium",
  "campaign",
  "term",
  "content",
  "id",
];

/**
 * Whether the rows (`numberOf`, row r's number at r) first carry the numbers 0, 1, 2, ... in
 * that order, every number of `table`, and no number is of undefined: the numbers are then the
 * places `columnOf` would give, and the table its values.
 */
function inFirstOrder(numberOf: Int32Array, table: readonly (string | undefined)[]): boolean {
  let next = 0;
  for (let r = 0; r < numberOf.length; r++) {
    const number = numberOf[r] as number;
    if (number === next) next++;
    else if (number > next) return false;
  }
  if (next !== table.length) return false;
  for (let i = 0; i < table.length; i++) if (table[i] === undefined) return false;
  return true;
}

/** How a view's data reaches the others': the ledger's total, and the sibling views. */
export interface ViewLinks {
  /** The view these rows belong to. */
  view: View;
  /** Sessions of the ledger (the `sessions` view), which every share is divided by. */
  totalSessions: number;
  /** The audit's other views, which `values` falls back to for a dimension this one lacks. */
  others: readonly AuditData[];
  /** The number of this view's first row: each view's rows are numbered after the previous one's. */
  firstId?: number;
  /** Sessions by row id for every view of the audit, one array shared: each view fills its part. */
  sessionsById?: Float64Array;
  /** The rows' value ids from the grouping, when it kept them: columns are built from them. */
  keys?: RowKeys;
  /**
   * The rows' input rows, sessions and key events (three numbers a row), when the rows are
   * given as their count rather than as objects.
   */
  sums?: Float64Array;
  /**
   * Given when the rows were numbered as they were made (each `id` set from `firstId` in order,
   * each row's sessions in `sessionsById`), with the sum of their sessions in row order: the
   * rows are not read again (at high cardinality a cache miss a row).
   */
  numbered?: { viewSessions: number };
}

/**
 * What a check reads: the aggregated rows of its view (ADR 013) and views over them, computed once
 * and shared. `rows` are the check's own view's; `values` of a dimension the view lacks come from
 * the view that has it (utm_term values from `details`); shares are of the ledger's sessions.
 */
export class AuditData {
  /** How many rows this view has. */
  readonly rowCount: number;
  /** Every row as an object, once they were given or all asked for (`rows`). */
  #all: readonly AggregatedRow[] | undefined;
  /** The rows made one by one (`row`) before all were asked for, by index. */
  readonly #made = new Map<number, AggregatedRow>();
  /**
   * Each row's input rows, sessions and key events, three numbers a row, when the rows were
   * given as their count.
   */
  readonly #sums: Float64Array | undefined;
  readonly totalSessions: number;
  readonly context: AuditContext;
  readonly view: View;
  /** Sessions of this view's rows; the ledger's total for the ledger. */
  readonly viewSessions: number;
  private readonly present: ReadonlySet<Dimension>;
  private readonly others: readonly AuditData[];
  private readonly valueCache = new Map<Dimension, Map<string, ValueStats>>();
  /** Each entry of `values` by its place in the column, made when first asked. */
  private readonly statsPlaces = new Map<Dimension, Map<ValueStats, number>>();
  private readonly columnCache = new Map<Dimension, Column>();
  /** Columns of dimensions another view holds, over this view's rows (`columnBeside`). */
  private readonly besideCache = new Map<Dimension, Column>();
  /** Columns of the first of several dimensions each row has (`firstOfColumn`), by their names. */
  private readonly firstOfCache = new Map<string, Column>();
  private readonly derivedCache = new Map<string, unknown>();
  private empty: Column | undefined;
  private readonly keys: RowKeys | undefined;
  private readonly utmDimensions = new Map<UtmParam, Dimension | null>();
  private readonly channelCache = new Map<AggregatedRow, Channel>();
  private readonly ownHosts: ReadonlySet<string>;
  private readonly ownDomains: ReadonlySet<string>;
  /** The `id` of `rows[0]`; the rows are numbered in order from it. */
  readonly firstId: number;
  /**
   * Each row's sessions by its id, for every view of the audit: what findings sum and rank
   * without reaching each row object.
   */
  readonly sessionsById: Float64Array;

  /**
   * The view's rows: given as objects, or as their count when the auditor keeps them as columns
   * (`links.keys` their values' ids, `links.sums` their metrics, `links.numbered` their sessions
   * already in `sessionsById`), each then made into an object only when a check asks for it
   * (`row`): at high cardinality an object a row was most of the audit's memory and a good part
   * of its time.
   */
  constructor(
    rows: readonly AggregatedRow[] | number,
    present: ReadonlySet<Dimension>,
    context: AuditContext,
    links?: ViewLinks,
  ) {
    if (typeof rows === "number") {
      if (!links?.keys || !links.sums || !links.numbered) {
        throw new Error("rows given by count need their keys, sums and numbering");
      }
      this.#sums = links.sums;
    } else this.#all = rows;
    this.rowCount = typeof rows === "number" ? rows : rows.length;
    this.present = present;
    this.context = context;
    this.firstId = links?.firstId ?? 0;
    this.sessionsById = links?.sessionsById ?? new Float64Array(this.firstId + this.rowCount);
    let total = links?.numbered?.viewSessions ?? 0;
    if (!links?.numbered && typeof rows !== "number") {
      let id = this.firstId;
      for (const row of rows) {
        total += row.sessions;
        this.sessionsById[id] = row.sessions;
        row.id = id++;
      }
    }
    this.viewSessions = total;
    this.totalSessions = links?.totalSessions ?? total;
    this.view = links?.view ?? "sessions";
    this.others = links?.others ?? [];
    this.keys = links?.keys;
    const hosts = context.siteHosts.map(normalizeHost).filter((host) => host !== "");
    this.ownHosts = new Set(hosts.flatMap((host) => [host, host.replace(/^www\./, "")]));
    this.ownDomains = new Set(hosts.map(siteDomain));
  }

  /**
   * Every row of the view, as objects: made all at once when the rows were kept as columns, which
   * at high cardinality costs what the rest of the audit does. Checks read columns (`column`,
   * `ownColumn`) and take single rows (`row`) instead; this is for tests and small data.
   */
  get rows(): readonly AggregatedRow[] {
    if (this.#all) return this.#all;
    const all: AggregatedRow[] = [];
    for (let r = 0; r < this.rowCount; r++) all.push(this.#made.get(r) ?? this.#storedRow(r));
    this.#made.clear();
    this.#all = all;
    return all;
  }

  /** How many rows were made objects so far (all of them once `rows` was read). */
  get madeRows(): number {
    return this.#all && this.#sums ? this.rowCount : this.#made.size;
  }

  /** Row `r` of the view (id `firstId + r`), the same object each time it is asked for. */
  row(r: number): AggregatedRow {
    if (this.#all) return this.#all[r] as AggregatedRow;
    let row = this.#made.get(r);
    if (!row) {
      if (!(r >= 0 && r < this.rowCount)) throw new RangeError(`no row ${r} in the view`);
      // Once a good part of the rows were asked for, all are made into one array: an entry of
      // the map costs more than a place in it.
      if (this.#made.size >= 1024 && this.#made.size >= this.rowCount / 4) {
        return this.rows[r] as AggregatedRow;
      }
      row = this.#storedRow(r);
      this.#made.set(r, row);
    }
    return row;
  }

  /**
   * Row `r`'s value of `dimension` (`row(r).values[dimension]`), read from the grouping's value
   * ids without making the row an object or the dimension a column: for a check that reads a
   * dimension of a few rows.
   */
  rowValue(r: number, dimension: Dimension): string | undefined {
    const keys = this.keys;
    const at = keys ? keys.dimensions.indexOf(dimension) : -1;
    if (keys && at >= 0) {
      return (keys.values[at] as readonly (string | undefined)[])[keys.ids[at]?.[r] ?? 0];
    }
    // Rows kept as ids carry the key dimensions only.
    if (this.#sums) return undefined;
    return this.row(r).values[dimension];
  }

  /** Row `r` made from the grouping's value ids and the auditor's sums. */
  #storedRow(r: number): AggregatedRow {
    const { dimensions, ids, values } = this.keys as RowKeys;
    const rowValues: { [D in Dimension]?: string } = {};
    for (let d = 0; d < dimensions.length; d++) {
      const value = (values[d] as readonly (string | undefined)[])[ids[d]?.[r] ?? 0];
      if (value !== undefined) rowValues[dimensions[d] as Dimension] = value;
    }
    const sums = this.#sums as Float64Array;
    return {
      values: rowValues,
      sessions: sums[3 * r + 1] as number,
      keyEvents: sums[3 * r + 2] as number,
      rows: sums[3 * r] as number,
      id: this.firstId + r,
    };
  }

  /** The numbers this view's rows and the other views' take: every `id` is below it. */
  get idLimit(): number {
    let limit = this.firstId + this.rowCount;
    for (const other of this.others) limit = Math.max(limit, other.firstId + other.rowCount);
    return limit;
  }

  /** The row numbered `id` in this view or another, or undefined. */
  rowById(id: number): AggregatedRow | undefined {
    const at = id - this.firstId;
    if (at >= 0 && at < this.rowCount) return this.row(at);
    for (const other of this.others) {
      const there = id - other.firstId;
      if (there >= 0 && there < other.rowCount) return other.row(there);
    }
    return undefined;
  }

  /** Whether the audit has the dimension: in this view's rows, or another view's `values`. */
  has(dimension: Dimension): boolean {
    return this.present.has(dimension) || this.others.some((other) => other.present.has(dimension));
  }

  /** Whether this view's rows carry the dimension. */
  rowsHave(dimension: Dimension): boolean {
    return this.present.has(dimension);
  }

  /** The dimension that carries a UTM parameter in this data, or undefined when none does. */
  utmDimension(param: UtmParam): Dimension | undefined {
    // Read for every row by many checks: found once (checks run once every view is linked).
    let found = this.utmDimensions.get(param);
    if (found === undefined) {
      found = UTM_DIMENSIONS[param].find((dimension) => this.has(dimension)) ?? null;
      this.utmDimensions.set(param, found);
    }
    return found ?? undefined;
  }

  /** The dimension a parameter's values are read from, or its manual one when none is present. */
  utmField(param: UtmParam): Dimension {
    return this.utmDimension(param) ?? (UTM_DIMENSIONS[param][0] as Dimension);
  }

  /** Another view of the same audit, when the source has it. */
  other(view: View): AuditData | undefined {
    return this.others.find((other) => other.view === view);
  }

  /** The value of a UTM parameter in a row (manual dimension first), or undefined. */
  utm(row: AggregatedRow, param: UtmParam): string | undefined {
    const dimension = this.utmDimension(param);
    return dimension ? row.values[dimension] : undefined;
  }

  /** The view whose rows carry the dimension: this one, else the first other that does. */
  private holderOf(dimension: Dimension): AuditData {
    if (this.present.has(dimension)) return this;
    return this.others.find((other) => other.present.has(dimension)) ?? this;
  }

  /** Distinct values of a dimension, with their sessions and rows. */
  values(dimension: Dimension): ReadonlyMap<string, ValueStats> {
    const holder = this.holderOf(dimension);
    if (holder !== this) return holder.values(dimension);
    let map = this.valueCache.get(dimension);
    if (!map) {
      // Read from the column (the grouping's value ids, no string lookup a row): the same values
      // in the same order, each value's rows in row order and sessions summed in that order.
      const column = this.column(dimension);
      const { values, sessions } = column;
      map = new Map();
      for (let v = 0; v < values.length; v++) {
        const value = values[v] as string;
        map.set(value, columnValueStats(value, sessions[v] as number, column, v));
      }
      this.valueCache.set(dimension, map);
    }
    return map;
  }

  /**
   * The distinct values of a dimension as a `Column`: the same values, sessions and rows as
   * `values`, in the same order, with the rows as ids.
   */
  column(dimension: Dimension): Column {
    const holder = this.holderOf(dimension);
    if (holder !== this) return holder.column(dimension);
    let column = this.columnCache.get(dimension);
    if (!column) {
      column = this.buildColumn(dimension);
      this.columnCache.set(dimension, column);
    }
    return column;
  }

  /**
   * The column of `dimension` over the same rows as `beside` (a column of this view or of
   * another): what `row.values[dimension]` says of each of those rows, read by value id. A row of
   * a view that lacks the dimension has none (-1).
   */
  columnBeside(beside: Column, dimension: Dimension): Column {
    return this.viewOf(beside).ownColumn(dimension);
  }

  /** `channelColumn` over the same rows as `beside` (a column of this view or of another). */
  channelColumnBeside(beside: Column): Column {
    return this.viewOf(beside).channelColumn();
  }

  /** The view whose rows a column is over. */
  private viewOf(column: Column): AuditData {
    const view = [this, ...this.others].find((data) => data === column.data);
    if (!view) throw new Error("the column is not of this audit's rows");
    return view;
  }

  /**
   * The column of `dimension` over this view's own rows (`row.values[dimension]` by value id),
   * even when another view holds the dimension: then no row has a value (-1).
   */
  ownColumn(dimension: Dimension): Column {
    if (this.holderOf(dimension) === this) return this.column(dimension);
    let column = this.besideCache.get(dimension);
    if (!column) {
      column = this.buildColumn(dimension);
      this.besideCache.set(dimension, column);
    }
    return column;
  }

  /**
   * The column of what each of this view's rows carries in the first of `dimensions` it has
   * (`row.values[a] ?? row.values[b]`): the session source else the manual one, read by value id
   * over the view's own rows. A row with none of them has no value (-1).
   */
  firstOfColumn(dimensions: readonly Dimension[]): Column {
    const key = dimensions.join(",");
    let column = this.firstOfCache.get(key);
    if (!column) {
      column = this.buildFirstOf(dimensions);
      this.firstOfCache.set(key, column);
    }
    return column;
  }

  private buildFirstOf(dimensions: readonly Dimension[]): Column {
    const columns = dimensions.map((dimension) => this.ownColumn(dimension));
    const holding = columns.filter((column) => column.values.length > 0);
    // One dimension with values (the usual case): its own column says it all.
    if (holding.length < 2) return holding[0] ?? this.emptyColumn();
    // Each column's values numbered in one table (0 for no value), then each row's first value.
    const table = new Numbering<string | undefined>();
    table.numberOf(undefined);
    const numbersOf = holding.map((column) =>
      Int32Array.from(column.values, (value) => table.numberOf(value)),
    );
    const numberOf = new Int32Array(this.rowCount);
    for (let r = 0; r < numberOf.length; r++) {
      for (let k = 0; k < holding.length; k++) {
        const value = (holding[k] as Column).valueOfRow[r] as number;
        if (value < 0) continue;
        numberOf[r] = (numbersOf[k] as Int32Array)[value] as number;
        break;
      }
    }
    return this.columnOf(numberOf, table.values);
  }

  /**
   * The channel of each of this view's rows (`channel(row)`) as a column: GA4's channel group
   * where the row has it, else the predicted one; checks judge each channel name once.
   */
  channelColumn(): Column {
    return this.derived("channel-column", () => {
      const assigned = this.ownColumn("sessionDefaultChannelGroup");
      const missing = assigned.valueOfRow.indexOf(-1);
      if (missing < 0) return assigned;
      const channels = new Numbering<string>();
      const numberOf = new Int32Array(this.rowCount);
      // A row without GA4's channel gets the one predicted from its source, medium and campaign,
      // read by value id: each combination of the three is judged once, and no row object made.
      const parts = [
        this.firstOfColumn(["sessionSource", "sessionManualSource"]),
        this.firstOfColumn(["sessionMedium", "sessionManualMedium"]),
        this.firstOfColumn(["sessionCampaignName", "sessionManualCampaignName"]),
      ] as const;
      const [sources, mediums, campaigns] = parts;
      const predicted = new Map<string, Channel>();
      const textOf = (column: Column, r: number) => {
        const v = column.valueOfRow[r] as number;
        return v < 0 ? "" : (column.values[v] as string);
      };
      for (let r = 0; r < numberOf.length; r++) {
        const value = assigned.valueOfRow[r] as number;
        if (value >= 0) {
          numberOf[r] = channels.numberOf(assigned.values[value] as string);
          continue;
        }
        const key = `${sources.valueOfRow[r]},${mediums.valueOfRow[r]},${campaigns.valueOfRow[r]}`;
        let channel = predicted.get(key);
        if (!channel) {
          channel = predictChannel({
            source: textOf(sources, r),
            medium: textOf(mediums, r),
            campaign: textOf(campaigns, r),
          });
          predicted.set(key, channel);
        }
        numberOf[r] = channels.numberOf(channel);
      }
      return this.columnOf(numberOf, channels.values);
    });
  }

  private buildColumn(dimension: Dimension): Column {
    const count = this.rowCount;
    // Each row's value as a number: the grouping's id, or one given here in order of first sight.
    let numberOf: Int32Array;
    let table: readonly (string | undefined)[];
    let shapes: ValueShapes | undefined;
    const at = this.keys ? this.keys.dimensions.indexOf(dimension) : -1;
    if (this.keys && at >= 0) {
      table = this.keys.values[at] as readonly (string | undefined)[];
      shapes = this.keys.shapes?.[at];
      const ids = this.keys.ids[at];
      // Every row has id 0: no row has a value when that is none (a dimension the source lacks,
      // asked for by checks that read the session dimension else the manual one).
      if (!ids && table[0] === undefined) return this.emptyColumn();
      numberOf = ids ?? new Int32Array(count);
    } else if (this.#sums) {
      // Rows kept as columns carry the key dimensions only.
      return this.emptyColumn();
    } else {
      const rows = this.rows;
      numberOf = new Int32Array(count);
      const seen = new Numbering<string | undefined>();
      for (let r = 0; r < count; r++) {
        numberOf[r] = seen.numberOf((rows[r] as AggregatedRow).values[dimension]);
      }
      table = seen.values;
    }
    return this.columnOf(numberOf, table, shapes);
  }

  /**
   * A column of this view's rows in which no row has a value: one for every dimension the view
   * lacks (its array of -1s is as long as the rows, a few MB each at high cardinality).
   */
  private emptyColumn(): Column {
    this.empty ??= {
      values: [],
      sessions: new Float64Array(0),
      starts: new Int32Array(1),
      ids: new Int32Array(0),
      valueOfRow: new Int32Array(this.rowCount).fill(-1),
      data: this,
      firstId: this.firstId,
      sessionsById: this.sessionsById,
    };
    return this.empty;
  }

  /**
   * The column of this view's rows given each row's value as a number (`numberOf`, row r's at r)
   * into `table`; undefined in the table is no value.
   */
  private columnOf(
    numberOf: Int32Array,
    table: readonly (string | undefined)[],
    shapes?: ValueShapes,
  ): Column {
    const count = this.rowCount;
    if (inFirstOrder(numberOf, table)) {
      const column = this.columnInOrder(numberOf, table as string[]);
      // The values are the table's: each has its own shape.
      return shapes ? { ...column, shapes: shapes.ids, shapeCount: shapes.count } : column;
    }
    // Each value's place (+1) in the order rows first carry it; undefined gets none (-1). Found
    // in the same pass that counts each value's rows and sums its sessions, into arrays with
    // room for every value of the table, cut to the values met at the end.
    const place = new Int32Array(table.length);
    const values: string[] = [];
    let starts = new Int32Array(table.length + 1);
    let sessions = new Float64Array(table.length);
    const valueOfRow = new Int32Array(count);
    // Each row's sessions read from the array by id, in order, not from the row objects (a cache
    // miss a row at high cardinality).
    const sessionsById = this.sessionsById;
    const firstId = this.firstId;
    for (let r = 0; r < count; r++) {
      const number = numberOf[r] as number;
      let slot = (place[number] as number) - 1;
      if (slot === -1) {
        const value = table[number];
        if (value === undefined) place[number] = -1;
        else {
          values.push(value);
          place[number] = values.length;
          slot = values.length - 1;
        }
      }
      valueOfRow[r] = slot < 0 ? -1 : slot;
      if (slot < 0) continue;
      starts[slot + 1] = (starts[slot + 1] as number) + 1;
      sessions[slot] = (sessions[slot] as number) + (sessionsById[firstId + r] as number);
    }
    if (values.length < table.length) {
      starts = shrunk(starts, values.length + 1);
      sessions = shrunk(sessions, values.length);
    }
    const column = this.columnOfCounts(values, valueOfRow, starts, sessions);
    if (!shapes) return column;
    // Each value's shape read by its number in the table.
    const shaped = new Int32Array(values.length);
    const byNumber = shapes.ids;
    for (let number = 0; number < table.length; number++) {
      const slot = (place[number] as number) - 1;
      if (slot >= 0) shaped[slot] = number < byNumber.length ? (byNumber[number] as number) : -1;
    }
    return { ...column, shapes: shaped, shapeCount: shapes.count };
  }

  /**
   * `columnOf` when the rows first carry the table's values in its own order and every one (a
   * dictionary numbered as the rows came, none of them undefined, as a CSV's are): the table is
   * the values and the numbers are the rows' places, so neither is made again (at high
   * cardinality two arrays as long as the rows, which fresh memory made slow to write).
   */
  private columnInOrder(numberOf: Int32Array, values: readonly string[]): Column {
    const count = this.rowCount;
    const starts = new Int32Array(values.length + 1);
    const sessions = new Float64Array(values.length);
    const sessionsById = this.sessionsById;
    const firstId = this.firstId;
    for (let r = 0; r < count; r++) {
      const slot = numberOf[r] as number;
      starts[slot + 1] = (starts[slot + 1] as number) + 1;
      sessions[slot] = (sessions[slot] as number) + (sessionsById[firstId + r] as number);
    }
    return this.columnOfCounts(values, numberOf, starts, sessions);
  }

  /**
   * The column of `values` given each row's place in them (`valueOfRow`, -1 for none), each
   * value's count of rows at `starts[v + 1]` (`starts[0]` 0) and its sessions: the counts become
   * the starts of each value's row ids, filled in row order.
   */
  private columnOfCounts(
    values: readonly string[],
    valueOfRow: Int32Array,
    starts: Int32Array,
    sessions: Float64Array,
  ): Column {
    const { firstId, sessionsById } = this;
    for (let v = 0; v < values.length; v++) {
      starts[v + 1] = (starts[v + 1] as number) + (starts[v] as number);
    }
    const fill = starts.slice(0, values.length);
    const ids = new Int32Array(starts[values.length] as number);
    for (let r = 0; r < valueOfRow.length; r++) {
      const slot = valueOfRow[r] as number;
      if (slot < 0) continue;
      const to = fill[slot] as number;
      ids[to] = firstId + r;
      fill[slot] = to + 1;
    }
    return { values, sessions, starts, ids, valueOfRow, data: this, firstId, sessionsById };
  }

  /**
   * What `build` makes of this data, made once and shared by every check that asks under the
   * same `name` (a fact about each landing page that several checks read).
   */
  derived<T>(name: string, build: (data: AuditData) => T): T {
    if (this.derivedCache.has(name)) return this.derivedCache.get(name) as T;
    const value = build(this);
    this.derivedCache.set(name, value);
    return value;
  }

  /**
   * The place in `column(dimension)` of a value's stats when they are the very entry `values`
   * gave (all of the value's rows), else -1: what lets a finding take those rows as the column's
   * ids instead of reaching each row object (a cache miss a row at high cardinality).
   */
  columnIndexOf(dimension: Dimension, stats: ValueStats): number {
    const holder = this.holderOf(dimension);
    if (holder !== this) return holder.columnIndexOf(dimension, stats);
    const map = this.valueCache.get(dimension);
    if (!map || map.get(stats.value) !== stats) return -1;
    let places = this.statsPlaces.get(dimension);
    if (!places) {
      places = new Map();
      let v = 0;
      for (const entry of map.values()) places.set(entry, v++);
      this.statsPlaces.set(dimension, places);
    }
    return places.get(stats) ?? -1;
  }

  /**
   * The ids of `stats`' rows, in order: a value of `dimension` as `values` gives it (its range of
   * the column's ids), stats of some of its rows by id (`statsOfIds`), or any other stats.
   */
  idsOfStats(dimension: Dimension, stats: ValueStats): Int32Array {
    const at = this.columnIndexOf(dimension, stats);
    if (at >= 0) {
      const { ids, starts } = this.column(dimension);
      return ids.subarray(starts[at] as number, starts[at + 1] as number);
    }
    return statsIds(stats) ?? Int32Array.from(stats.rows, (row) => row.id as number);
  }

  /**
   * The stats of one value of a dimension, without building the dimension's whole list when no
   * check has asked for it yet (a landing page list at high cardinality is as long as the rows).
   */
  valueStats(dimension: Dimension, value: string): ValueStats | undefined {
    const holder = this.holderOf(dimension);
    if (holder !== this) return holder.valueStats(dimension, value);
    const cached = this.valueCache.get(dimension);
    if (cached) return cached.get(value);
    // The grouping's distinct values tell at once that no row has it (the usual answer for the
    // "(other)" row this is asked about), without reading every row.
    const at = this.keys ? this.keys.dimensions.indexOf(dimension) : -1;
    if (this.keys && at >= 0 && !this.keys.values[at]?.includes(value)) return undefined;
    let stats: ValueStats | undefined;
    const keys = at >= 0 ? this.keys : undefined;
    const ids = keys?.ids[at];
    const id = keys ? (keys.values[at] as readonly (string | undefined)[]).indexOf(value) : -1;
    for (let r = 0; r < this.rowCount; r++) {
      // By value id where the grouping kept them: only the value's rows are made objects.
      if (keys ? (ids?.[r] ?? 0) !== id : this.row(r).values[dimension] !== value) continue;
      const row = this.row(r);
      stats ??= { value, sessions: 0, rows: [] };
      stats.sessions += row.sessions;
      stats.rows.push(row);
    }
    return stats;
  }

  /** The channel GA4's default rules give the row's source, medium and campaign (§5.3). */
  predictedChannel(row: AggregatedRow): Channel {
    let channel = this.channelCache.get(row);
    if (!channel) {
      channel = predictChannel({
        source: row.values.sessionSource ?? row.values.sessionManualSource ?? "",
        medium: row.values.sessionMedium ?? row.values.sessionManualMedium ?? "",
        campaign: row.values.sessionCampaignName ?? row.values.sessionManualCampaignName ?? "",
      });
      this.channelCache.set(row, channel);
    }
    return channel;
  }

  /** The channel GA4 assigned when the data has it, else the predicted one. */
  channel(row: AggregatedRow): string {
    return row.values.sessionDefaultChannelGroup ?? this.predictedChannel(row);
  }

  /** True for the site's own hosts (and their bare domains), as GA4's web streams list them. */
  isOwnHost(value: string): boolean {
    const host = normalizeHost(value);
    if (host === "") return false;
    return (
      this.ownHosts.has(host) ||
      this.ownHosts.has(host.replace(/^www\./, "")) ||
      (this.ownDomains.has(siteDomain(host)) && host.includes("."))
    );
  }

  get hasSiteHosts(): boolean {
    return this.ownHosts.size > 0;
  }

  /** Share of all sessions (the ledger's), 0-1. */
  share(sessions: number): number {
    return this.totalSessions > 0 ? Math.min(1, sessions / this.totalSessions) : 0;
  }
}
