import { type AuditData, statsIds, type ValueStats } from "./audit-data.ts";
import { doubled, shrunk } from "./group-table.ts";
import type { AggregatedRow, Dimension, ExampleRow, Finding, Severity } from "./types.ts";

const EXAMPLES_PER_FINDING = 3;
/** Rows whose memory `settle` reads ahead, a block at a time (a power of two). */
const AHEAD = 512;
/** A finding keeps its first this many values: callers that gather values first need no more. */
export const VALUES_PER_FINDING = 20;

interface Draft {
  key: string;
  title: string;
  values: Set<string>;
  /**
   * The ids of the rows added, a row possibly more than once (not twice in a row): the first
   * `count` of `ids`, which doubles when full. Typed, four bytes an id and nothing for the
   * collector to trace: a finding may name most of a million rows.
   */
  ids: Int32Array;
  count: number;
  last: number;
  severity: Severity | undefined;
  field: Dimension | undefined;
}

/** A finding's rows, each once, and their sessions. */
interface Settled {
  rows: Int32Array;
  sessions: number;
  /** The rows to show, busiest first. */
  busiest: AggregatedRow[];
}

export interface AddOptions {
  /** The offending values to show; defaults to none. */
  values?: Iterable<string>;
  severity?: Severity;
  /**
   * The dimension the offending values were read from: a manual dimension (utm_medium as tagged)
   * or a session one (the session medium GA4 attributed). Findings on the same field family and
   * rows from several checks are one problem, costed once (see `overlaps.ts`).
   */
  field?: Dimension;
}

/**
 * Collects one check's findings. Findings are built from rows, so a row counted twice (two bad
 * values in one row) adds its sessions once, to the finding and to the check.
 *
 * A finding keeps its rows' ids (`AggregatedRow.id`) in a plain array while the check runs, and
 * settles them into a typed array of distinct ids when it is read: at high cardinality a check
 * may name most of a million rows, which a Set of rows per finding paid for in time and memory.
 */
export class FindingCollector {
  private readonly drafts = new Map<string, Draft>();
  private readonly data: AuditData;
  private readonly redact: ((value: string) => string) | undefined;
  private settled: Map<Draft, Settled> | undefined;
  private totalSessions = 0;

  /** Collects findings on the rows of `data` (and of the views it reads from). */
  constructor(data: AuditData, redact?: (value: string) => string) {
    this.data = data;
    this.redact = redact;
  }

  add(
    key: string,
    title: string,
    rows: AggregatedRow | Iterable<AggregatedRow>,
    options: AddOptions = {},
  ): void {
    const draft = this.draft(key, title, options);
    if (isRow(rows)) this.push(draft, rows);
    else if (Array.isArray(rows)) {
      for (let i = 0; i < rows.length; i++) this.push(draft, rows[i] as AggregatedRow);
    } else for (const row of rows) this.push(draft, row);
  }

  /**
   * `add` for the rows of one value of a `Column`: the ids `ids[from]` up to `ids[to]`, as
   * `AuditData.column` gives them.
   */
  addIds(
    key: string,
    title: string,
    ids: ArrayLike<number>,
    from: number,
    to: number,
    options: AddOptions = {},
  ): void {
    const draft = this.draft(key, title, options);
    const limit = this.data.idLimit;
    for (let i = from; i < to; i++) {
      const id = ids[i] as number;
      if (!(id >= 0 && id < limit))
        throw new Error("a finding's rows must be rows of the audit's data");
      pushId(draft, id);
    }
  }

  /**
   * `add` for the rows of a value of `dimension` (`AuditData.values`, or a part of its rows):
   * the value's whole entry is added by its ids in the column, without reaching each row.
   */
  addValue(
    key: string,
    title: string,
    dimension: Dimension,
    stats: ValueStats,
    options: AddOptions = {},
  ): void {
    const at = this.data.columnIndexOf(dimension, stats);
    if (at < 0) {
      // Stats of some of a value's rows by their ids: taken by id too, without the row objects.
      const ids = statsIds(stats);
      if (ids) this.addIds(key, title, ids, 0, ids.length, options);
      else this.add(key, title, stats.rows, options);
      return;
    }
    const { ids, starts } = this.data.column(dimension);
    this.addIds(key, title, ids, starts[at] as number, starts[at + 1] as number, options);
  }

  /**
   * `add` for the rows of several values of `dimension` (entries of `AuditData.values`, or parts
   * of them), value by value in the order given: the same rows in the same order as one list of
   * all their rows, taken by id.
   */
  addValues(
    key: string,
    title: string,
    dimension: Dimension,
    list: readonly ValueStats[],
    options: AddOptions = {},
  ): void {
    this.draft(key, title, options);
    for (const stats of list) this.addValue(key, title, dimension, stats, options);
  }

  private draft(key: string, title: string, options: AddOptions): Draft {
    if (this.settled) throw new Error("the findings were read already");
    let draft = this.drafts.get(key);
    if (!draft) {
      draft = {
        key,
        title,
        values: new Set(),
        ids: new Int32Array(16),
        count: 0,
        last: -1,
        severity: options.severity,
        field: options.field,
      };
      this.drafts.set(key, draft);
    } else if (options.severity && rank(options.severity) < rank(draft.severity)) {
      draft.severity = options.severity;
    }
    // A finding shows its first values only: once it has them, the rest need not be read.
    if (options.values && draft.values.size < VALUES_PER_FINDING) {
      for (const value of options.values) {
        if (draft.values.size < VALUES_PER_FINDING) draft.values.add(value);
      }
    }
    return draft;
  }

  private push(draft: Draft, row: AggregatedRow): void {
    const id = row.id;
    // The row of that id, in this view or another, must be this very row.
    if (id === undefined || this.data.rowById(id) !== row) {
      throw new Error("a finding's rows must be rows of the audit's data");
    }
    pushId(draft, id);
  }

  get size(): number {
    return this.drafts.size;
  }

  /** Each finding's rows, each once; read once the check has run. */
  private settle(): Map<Draft, Settled> {
    if (this.settled) return this.settled;
    const settled = new Map<Draft, Settled>();
    this.settled = settled;
    if (this.drafts.size === 0) return settled;
    const sessionsById = this.data.sessionsById;
    const limit = this.data.idLimit;
    // The finding that last took each row, so a finding takes a row once; 0 for a row no finding
    // took yet, whose sessions then count for the check too.
    const takenBy = takenByOf(this.data, limit);
    let serial = 0;
    let totalSessions = 0;
    for (const draft of this.drafts.values()) {
      serial += 1;
      const ids = draft.ids;
      const added = draft.count;
      // The distinct ids are written over the ids added, in place (the `count` kept so far never
      // passes the one read): no second array as long, a finding may name most of a million rows.
      const rows = ids;
      const top: number[] = [];
      /** The sessions a row needs to enter the full `top`. */
      let floor = -1;
      let count = 0;
      let sessions = 0;
      for (let i = 0; i < added; i++) {
        if ((i & (AHEAD - 1)) === 0) {
          // The next block's marks and sessions read first, in a pass of their own: at high
          // cardinality each is a wait for memory, and the waits of a block overlap. The sum
          // only keeps the reads.
          let read = 0;
          const to = Math.min(added, i + AHEAD);
          for (let k = i; k < to; k++) {
            const id = ids[k] as number;
            read += (takenBy[id] as number) + (sessionsById[id] as number);
          }
          if (!(read >= 0)) throw new Error("a row's sessions went below 0");
        }
        const id = ids[i] as number;
        const taken = takenBy[id] as number;
        if (taken === serial) continue;
        takenBy[id] = serial;
        rows[count++] = id;
        const rowSessions = sessionsById[id] as number;
        sessions += rowSessions;
        if (taken === 0) totalSessions += rowSessions;
        // The busiest rows, busiest first; of equals, the first added.
        if (rowSessions <= floor) continue;
        let at = top.length < EXAMPLES_PER_FINDING ? top.length : EXAMPLES_PER_FINDING - 1;
        while (at > 0 && (sessionsById[top[at - 1] as number] as number) < rowSessions) at--;
        top.splice(at, 0, id);
        if (top.length > EXAMPLES_PER_FINDING) top.pop();
        if (top.length === EXAMPLES_PER_FINDING) {
          floor = sessionsById[top[EXAMPLES_PER_FINDING - 1] as number] as number;
        }
      }
      draft.ids = new Int32Array(0);
      draft.count = 0;
      settled.set(draft, {
        // Kept until overlaps are resolved, with every other check's: no spare room.
        rows: shrunk(rows, count),
        sessions,
        busiest: top.map((id) => this.data.rowById(id) as AggregatedRow),
      });
    }
    this.totalSessions += totalSessions;
    return settled;
  }

  /** Sessions of every row in any finding, each row once. */
  affectedSessions(): number {
    this.settle();
    return this.totalSessions;
  }

  /** The ids of each finding's rows, each once, by key. */
  rowsByKey(): ReadonlyMap<string, Int32Array> {
    const out = new Map<string, Int32Array>();
    for (const [draft, { rows }] of this.settle()) out.set(draft.key, rows);
    return out;
  }

  findings(): Finding[] {
    const out: Finding[] = [];
    for (const [draft, { sessions, busiest }] of this.settle()) {
      const finding: Finding = {
        key: draft.key,
        title: draft.title,
        values: [...draft.values],
        affectedSessions: sessions,
        examples: busiest.map((row) => toExample(row, this.redact)),
      };
      if (draft.severity) finding.severity = draft.severity;
      if (draft.field) finding.field = draft.field;
      out.push(finding);
    }
    return out.sort((a, b) => b.affectedSessions - a.affectedSessions || cmp(a.key, b.key));
  }
}

/**
 * A finding a check gathers row by row before it hands it over (`PendingFindings`): its rows' ids
 * in row order and its first values.
 */
export class PendingFinding {
  readonly title: string;
  readonly field: Dimension;
  readonly ids: number[] = [];
  readonly values = new Set<string>();

  constructor(title: string, field: Dimension) {
    this.title = title;
    this.field = field;
  }

  /** Whether it still takes values: a finding shows its first VALUES_PER_FINDING only. */
  get takesValues(): boolean {
    return this.values.size < VALUES_PER_FINDING;
  }

  /** Adds `value` to the values shown, while it takes values. */
  addValue(value: string): void {
    if (this.values.size < VALUES_PER_FINDING) this.values.add(value);
  }
}

/**
 * Findings a check gathers by key while it reads its rows by value id, then hands to the
 * collector by id in the order their first rows came (`addTo`): the key, title and values list
 * are made once a finding, not once a row (at high cardinality nearly every row is reported).
 */
export class PendingFindings {
  readonly #byKey = new Map<string, PendingFinding>();

  /** The finding of `key`, made with its title and field the first time. */
  of(key: string, title: string, field: Dimension): PendingFinding {
    let finding = this.#byKey.get(key);
    if (!finding) {
      finding = new PendingFinding(title, field);
      this.#byKey.set(key, finding);
    }
    return finding;
  }

  /** Adds every finding gathered to `findings`, its rows by id. */
  addTo(findings: FindingCollector): void {
    for (const [key, { title, field, ids, values }] of this.#byKey) {
      findings.addIds(key, title, ids, 0, ids.length, { values, field });
    }
  }
}

/**
 * Each audit's array for `settle`'s marks, by its data, as long as `limit` and all zeros: one
 * reused by every check's collector, cleared each time, rather than one made for each (at high
 * cardinality a few MB each, which made the collector run more often). Let go with the audit.
 */
const takenByArrays = new WeakMap<AuditData, Int32Array>();

function takenByOf(data: AuditData, limit: number): Int32Array {
  let takenBy = takenByArrays.get(data);
  if (!takenBy || takenBy.length < limit) {
    takenBy = new Int32Array(limit);
    takenByArrays.set(data, takenBy);
    return takenBy;
  }
  takenBy.fill(0, 0, limit);
  return takenBy;
}

function isRow(value: AggregatedRow | Iterable<AggregatedRow>): value is AggregatedRow {
  return typeof (value as AggregatedRow).sessions === "number";
}

function toExample(row: AggregatedRow, redact?: (value: string) => string): ExampleRow {
  const values: ExampleRow["values"] = { ...row.values };
  if (redact) {
    for (const [dimension, value] of Object.entries(values) as [Dimension, string][]) {
      values[dimension] = redact(value);
    }
  }
  return { values, sessions: row.sessions };
}

function rank(severity: Severity | undefined): number {
  return severity === "critical" ? 0 : severity === "warning" ? 1 : severity === "info" ? 2 : 3;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds a row to a finding unless it was the row added last (a row met again at once). */
function pushId(draft: Draft, id: number): void {
  if (id !== draft.last) {
    if (draft.count === draft.ids.length) draft.ids = doubled(draft.ids);
    draft.ids[draft.count++] = id;
    draft.last = id;
  }
}
