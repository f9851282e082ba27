import { checks as registeredChecks } from "../checks/index.ts";
import { healthGrade, healthScore } from "../scoring/score.ts";
import { AuditData, type RowKeys, type ValueShapes } from "./audit-data.ts";
import type { CheckDefinition, Requirement } from "./check.ts";
import { FindingCollector } from "./findings.ts";
import { enlarged, type GroupKeys, GroupTable, letGo, shrunk } from "./group-table.ts";
import { type CheckOutcome, resolveOverlaps } from "./overlaps.ts";
import {
  type AuditContext,
  type AuditReport,
  type AuditRow,
  type CheckResult,
  DIMENSIONS,
  type Dimension,
  SEVERITIES,
  VIEWS,
  type View,
} from "./types.ts";
import { hiddenBy } from "./values.ts";

/**
 * Every dimension but `date` keys the aggregation; dates only give the range. The order is the
 * order of the `table.set` calls in `add`.
 */
export const KEY_DIMENSIONS = [
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "sessionDefaultChannelGroup",
  "sessionManualSource",
  "sessionManualMedium",
  "sessionManualCampaignName",
  "sessionManualCampaignId",
  "sessionManualTerm",
  "sessionManualAdContent",
  "landingPagePlusQueryString",
  "pageReferrer",
] as const satisfies readonly Exclude<Dimension, "date">[];

export class InvalidRowError extends Error {}

const EMPTY_TABLE = new GroupTable(KEY_DIMENSIONS.length);

/** A row's dimension values but the date: what keys the aggregation. */
export type CombinationValues = { readonly [D in (typeof KEY_DIMENSIONS)[number]]?: string };

/** A combination of dimension values the auditor has found, to add rows to without a lookup. */
export interface Combination {
  readonly group: number;
}

interface OwnedCombination extends Combination {
  readonly owner: object;
  readonly view: ViewState;
}

export interface Auditor {
  /** Adds a row of `view` (the ledger, `sessions`, unless said). */
  add(row: AuditRow, view?: View): void;
  /**
   * The combination of `values` in `view`, looked up once. A source that meets the same
   * combination again and again (a scan reads each one on many days) keeps it and adds each later
   * row with `addTo`, which skips looking up its values. A combination no row is added to is not
   * audited.
   */
  combination(values: CombinationValues, view?: View): Combination;
  /** Adds a row of `combination`: the same as `add` with its values, sessions, events and date. */
  addTo(combination: Combination, sessions: number, keyEvents?: number, date?: string): void;
  /**
   * For a source that numbers values itself (a columnar reader's dictionaries): `dictionaries`
   * holds each of KEY_DIMENSIONS' values by id, in that order, and the source appends a value
   * before its id first comes. Gives what adds a row of `view` by its values' ids (`ids[d]` for
   * KEY_DIMENSIONS[d]); no string is looked up. Only for a view no row was added to otherwise.
   * `shapes(d)`, read when the audit finishes, gives the shapes the source found of dimension
   * `d`'s values by id, if any (`Column.shapes`).
   */
  encoded(
    dictionaries: (string | undefined)[][],
    view?: View,
    shapes?: (d: number) => ValueShapes | undefined,
  ): EncodedRows;
  finish(): AuditReport;
}

/** Adds rows by their values' ids in the dictionaries given to `Auditor.encoded`. */
export interface EncodedRows {
  /** Adds a row: `ids[d]` is the id of its value of KEY_DIMENSIONS[d]. */
  add(
    ids: Int32Array,
    sessions: number,
    keyEvents: number | undefined,
    date: string | undefined,
  ): void;
  /**
   * Adds `count` rows, as `add` each in turn: row `i`'s ids are
   * `ids[i * KEY_DIMENSIONS.length, (i + 1) * KEY_DIMENSIONS.length)`, its sessions
   * `sessions[i]`, its key events `keyEvents[i]` (none without the array), its date `dates[i]`.
   * The groups of many rows are looked up together, faster than one by one (`GroupTable.findMany`).
   */
  addMany(
    ids: Int32Array,
    count: number,
    sessions: Float64Array,
    keyEvents: Float64Array | undefined,
    dates: readonly (string | undefined)[],
  ): void;
  /**
   * The groups of `count` rows' ids (laid out as `addMany` takes them) into `groups`, a group made
   * for a combination met for the first time, in the rows' order; no row is added. A group's
   * number stays its combination's for the rest of the audit: a source that knows a row's
   * combination another way (a reader that met the same bytes before) adds the row by it with
   * `addToGroups`, without numbering its values again.
   */
  groupsOf(ids: Int32Array, count: number, groups: Int32Array): void;
  /**
   * About `rows` more rows are to come (a reader that knows the size of what it reads): while
   * nearly every row is a new combination, the grouping makes room for that many in fewer, larger
   * steps. Only a hint: nothing is refused past it.
   */
  expect(rows: number): void;
  /** Adds `count` rows by their groups (`groupsOf`), with metrics and dates as `addMany`. */
  addToGroups(
    groups: Int32Array,
    count: number,
    sessions: Float64Array,
    keyEvents: Float64Array | undefined,
    dates: readonly (string | undefined)[],
  ): void;
}

export interface AuditorOptions {
  /**
   * The views the source gives, with the dimensions each was asked for: a dimension asked for
   * counts as present in its view even when no row has it (a report with no rows). Without it,
   * the source has the ledger alone and a dimension is present once a row has it. A check whose
   * view the source does not give reads the ledger.
   */
  views?: Partial<Record<View, readonly Dimension[]>>;
}

/** One view's distinct combinations. */
interface ViewState {
  readonly view: View;
  /** Finds a combination's group while rows come; let go when the audit finishes. */
  table: GroupTable;
  /** Groups found so far (the table's size): each has a place in `sums`. */
  groups: number;
  /** The shapes of each dimension's values by id, when the source numbers them (`encoded`). */
  shapes?: ((d: number) => ValueShapes | undefined) | undefined;
  /**
   * While rows come, each group's rows, sessions and key events, three numbers side by side in
   * one typed array: a row adds to them with one reach into memory (when the groups are many, a
   * cache miss a row) instead of reaching its group's object, or two arrays. The groups' objects
   * are made when the audit ends, from these and the table's keys.
   */
  sums: Float64Array;
  readonly present: Set<Dimension>;
  rows: number;
  /** The date of the view's latest row (a row with a date makes `date` present at the end). */
  lastDate: string | undefined;
}

/**
 * A streaming audit: rows are folded into distinct combinations as they arrive, so memory grows
 * with distinct values, not rows; `finish` runs every check over the combinations of its view.
 */
export function createAuditor(
  context: AuditContext,
  checks: readonly CheckDefinition[] = registeredChecks,
  options: AuditorOptions = {},
): Auditor {
  const given: View[] = options.views
    ? VIEWS.filter((view) => options.views?.[view] !== undefined)
    : ["sessions"];
  if (!given.includes("sessions")) given.unshift("sessions");
  const states = new Map<View, ViewState>(
    given.map((view) => [
      view,
      {
        view,
        table: new GroupTable(KEY_DIMENSIONS.length),
        groups: 0,
        sums: new Float64Array(3 * 1024),
        present: new Set(options.views?.[view] ?? []),
        rows: 0,
        lastDate: undefined,
      },
    ]),
  );
  const ledger = states.get("sessions") as ViewState;
  let totalKeyEvents = 0;
  let minDate: string | null = null;
  let maxDate: string | null = null;
  let finished = false;
  /** Marks the combinations this auditor gave out. */
  const self = {};

  function stateOf(view: View | undefined): ViewState {
    if (view === undefined) return ledger;
    const state = states.get(view);
    if (!state) throw new Error(`the audit was not given the ${view} view`);
    return state;
  }

  /** The group of `values`, made (with nothing added yet) the first time they are seen. */
  function groupOf(state: ViewState, values: CombinationValues): number {
    const { table } = state;
    // Explicit property reads: rows of one source share a shape, so each read stays monomorphic.
    table.set(0, values.sessionSource);
    table.set(1, values.sessionMedium);
    table.set(2, values.sessionCampaignName);
    table.set(3, values.sessionDefaultChannelGroup);
    table.set(4, values.sessionManualSource);
    table.set(5, values.sessionManualMedium);
    table.set(6, values.sessionManualCampaignName);
    table.set(7, values.sessionManualCampaignId);
    table.set(8, values.sessionManualTerm);
    table.set(9, values.sessionManualAdContent);
    table.set(10, values.landingPagePlusQueryString);
    table.set(11, values.pageReferrer);
    return foundGroup(state);
  }

  /** The group of the row just set in the view's table, made the first time it is seen. */
  function foundGroup(state: ViewState): number {
    return grownTo(state, state.table.find());
  }

  /** `index`, a group the view's table found, with room for its sums when it is new. */
  function grownTo(state: ViewState, index: number): number {
    if (index === state.groups) {
      state.groups = index + 1;
      if (3 * index === state.sums.length) {
        // Room for as many groups as the table has (it grew first, and may have grown more).
        state.sums = enlarged(state.sums, 3 * Math.max(2 * index, state.table.room));
      }
    }
    return index;
  }

  /** Sessions and key events checked, as a row's `add` would check them. */
  function metric(name: string, value: unknown): number {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new InvalidRowError(`${name} must be a number of 0 or more, got ${String(value)}`);
    }
    return value;
  }

  /** Checks `count` rows' sessions and key events, as `add` checks a row's. */
  function checkMetrics(
    count: number,
    sessions: Float64Array,
    keyEvents: Float64Array | undefined,
  ): void {
    for (let i = 0; i < count; i++) {
      metric("sessions", sessions[i]);
      if (keyEvents) metric("keyEvents", keyEvents[i]);
    }
  }

  function addToGroup(
    state: ViewState,
    index: number,
    sessions: number,
    events: number,
    date: unknown,
  ): void {
    state.rows += 1;
    if (typeof date === "string") {
      // Rows of a day come together or again and again: a date met just before changes nothing.
      if (date !== state.lastDate) {
        state.lastDate = date;
        if (minDate === null || date < minDate) minDate = date;
        if (maxDate === null || date > maxDate) maxDate = date;
      }
    }
    // A dimension is present once a row with a value for it is added (the groups with rows say
    // which when the audit ends).
    const sums = state.sums;
    const at = 3 * index;
    sums[at] = (sums[at] as number) + 1;
    sums[at + 1] = (sums[at + 1] as number) + sessions;
    sums[at + 2] = (sums[at + 2] as number) + events;
    // Key events are the ledger's: another view's rows are the same sessions again.
    if (state === ledger) totalKeyEvents += events;
  }

  return {
    add(row, view) {
      if (finished) throw new Error("the audit has finished");
      const state = stateOf(view);
      const sessions = metric("sessions", row.sessions);
      const events = metric("keyEvents", row.keyEvents ?? 0);
      addToGroup(state, groupOf(state, row), sessions, events, row.date);
    },

    combination(values, view) {
      if (finished) throw new Error("the audit has finished");
      const state = stateOf(view);
      const combination: OwnedCombination = {
        group: groupOf(state, values),
        owner: self,
        view: state,
      };
      return combination;
    },

    addTo(combination, sessions, keyEvents, date) {
      if (finished) throw new Error("the audit has finished");
      const owned = combination as OwnedCombination;
      if (owned.owner !== self) {
        throw new Error("the combination belongs to another audit");
      }
      addToGroup(
        owned.view,
        combination.group,
        metric("sessions", sessions),
        metric("keyEvents", keyEvents ?? 0),
        date,
      );
    },

    encoded(dictionaries, view, shapes) {
      if (finished) throw new Error("the audit has finished");
      const state = stateOf(view);
      if (state.table.encoded || state.groups > 0) {
        throw new Error(`the ${state.view} view already has rows`);
      }
      state.table.useDictionaries(dictionaries);
      state.shapes = shapes;
      const { table } = state;
      const width = KEY_DIMENSIONS.length;
      let groups = new Int32Array(0);
      const findGroups = (ids: Int32Array, count: number, into: Int32Array) => {
        table.findMany(ids, count, into);
        // New groups come in increasing order: each gets its room for sums as it comes.
        for (let i = 0; i < count; i++) grownTo(state, into[i] as number);
      };
      const addAll = (
        into: Int32Array,
        count: number,
        sessions: Float64Array,
        keyEvents: Float64Array | undefined,
        dates: readonly (string | undefined)[],
      ) => {
        // Each row's sums read first, in a pass of their own: the reads of many rows' groups
        // (each a wait for memory when the groups are many) are under way together, and the
        // pass that adds finds them in the cache. The total only keeps the reads.
        const sums = state.sums;
        let read = 0;
        for (let i = 0; i < count; i++) read += sums[3 * (into[i] as number)] as number;
        if (!(read >= 0)) throw new Error("a group's row count went below 0");
        for (let i = 0; i < count; i++) {
          addToGroup(
            state,
            into[i] as number,
            sessions[i] as number,
            keyEvents ? (keyEvents[i] as number) : 0,
            dates[i],
          );
        }
      };
      return {
        add(ids, sessions, keyEvents, date) {
          if (finished) throw new Error("the audit has finished");
          for (let d = 0; d < width; d++) table.setId(d, ids[d] as number);
          addToGroup(
            state,
            foundGroup(state),
            metric("sessions", sessions),
            metric("keyEvents", keyEvents ?? 0),
            date,
          );
        },
        addMany(ids, count, sessions, keyEvents, dates) {
          if (finished) throw new Error("the audit has finished");
          if (groups.length < count) groups = new Int32Array(count);
          // Every row checked before any is added: a bad one leaves the audit as it was.
          checkMetrics(count, sessions, keyEvents);
          findGroups(ids, count, groups);
          addAll(groups, count, sessions, keyEvents, dates);
        },
        groupsOf(ids, count, into) {
          if (finished) throw new Error("the audit has finished");
          findGroups(ids, count, into);
        },
        expect(rows) {
          table.expect(state.groups + rows);
        },
        addToGroups(known, count, sessions, keyEvents, dates) {
          if (finished) throw new Error("the audit has finished");
          for (let i = 0; i < count; i++) {
            const group = known[i] as number;
            if (!(group >= 0 && group < state.groups)) {
              throw new Error(`${group} is not a group of the ${state.view} view`);
            }
          }
          checkMetrics(count, sessions, keyEvents);
          addAll(known, count, sessions, keyEvents, dates);
        },
      };
    },

    finish() {
      finished = true;
      // No more rows: the lookup table (a third of the audit's memory at high cardinality) goes
      // before the checks make theirs, and each group with rows becomes its object.
      const built = new Map<ViewState, BuiltRows>();
      // Every view's rows are numbered in one sequence, the ledger's first, each row's sessions
      // kept by its number as its object is made.
      const rowCounts = [...states.values()].map((state) => {
        let count = 0;
        for (let group = 0; group < state.groups; group++) {
          if ((state.sums[3 * group] as number) > 0) count++;
        }
        return count;
      });
      const sessionsById = new Float64Array(rowCounts.reduce((sum, count) => sum + count, 0));
      let firstId = 0;
      for (const [at, state] of [...states.values()].entries()) {
        const keys = state.table.release();
        const rowCount = rowCounts[at] as number;
        const grouped = buildRows(keys, state.groups, state.sums, rowCount, firstId, sessionsById);
        // The shapes the source found of the values, by the same ids.
        const shapes = state.shapes;
        const rows = shapes
          ? {
              ...grouped,
              keys: { ...grouped.keys, shapes: KEY_DIMENSIONS.map((_, d) => shapes(d)) },
            }
          : grouped;
        firstId += rowCount;
        for (const dimension of rows.present) state.present.add(dimension);
        if (state.lastDate !== undefined) state.present.add("date");
        // The tuples are in the rows' columns now: their memory goes before the checks run (the
        // sums became the rows').
        letGo(keys.ids);
        state.sums = new Float64Array(0);
        state.table = EMPTY_TABLE;
        built.set(state, rows);
      }
      const datas = new Map<View, AuditData>();
      const others: AuditData[] = [];
      const ledgerTotal = (built.get(ledger) as BuiltRows).sessions;
      for (const state of states.values()) {
        const { count, keys, sums, firstId, sessions } = built.get(state) as BuiltRows;
        const data = new AuditData(count, state.present, context, {
          view: state.view,
          totalSessions: ledgerTotal,
          others,
          firstId,
          sessionsById,
          keys,
          sums,
          numbered: { viewSessions: sessions },
        });
        datas.set(state.view, data);
      }
      // Every view sees every other one (the array is filled once all exist).
      for (const data of datas.values()) others.push(data);
      const ledgerData = datas.get("sessions") as AuditData;
      const outcomes = checks.map((check) =>
        checkOutcome(check, datas.get(check.view ?? "sessions") ?? ledgerData),
      );
      resolveOverlaps(outcomes, (sessions) => ledgerData.share(sessions), sessionsById);
      const results = outcomes.map((outcome) => outcome.result);
      const failed = results.filter((result) => result.status === "failed");
      // Each root cause once: a check whose every finding is another's costs nothing of its own.
      const score = healthScore(
        failed
          .filter((r) => r.costedShare > 0)
          .map((r) => ({ id: r.id, severity: r.severity, affectedShare: r.costedShare })),
      );
      const present = new Set<Dimension>();
      let rowCount = 0;
      let distinctRows = 0;
      for (const data of datas.values()) {
        for (const dimension of DIMENSIONS) if (data.rowsHave(dimension)) present.add(dimension);
        distinctRows += data.rowCount;
      }
      for (const state of states.values()) rowCount += state.rows;
      const hidden = hiddenSessions(built.get(ledger) as BuiltRows);
      return {
        healthScore: score,
        healthGrade: healthGrade(score),
        criticalIssuesCount: failed.filter((r) => r.severity === "critical").length,
        warningIssuesCount: failed.filter((r) => r.severity === "warning").length,
        passedChecksCount: results.filter((r) => r.status === "passed").length,
        skippedChecksCount: results.filter((r) => r.status === "skipped").length,
        totals: {
          rows: rowCount,
          distinctRows,
          sessions: ledgerTotal,
          keyEvents: totalKeyEvents,
          dimensions: DIMENSIONS.filter((dimension) => present.has(dimension)),
          dateRange: minDate !== null && maxDate !== null ? { start: minDate, end: maxDate } : null,
          hidden,
        },
        checks: results,
      };
    },
  };
}

/** A view's groups with rows, as the checks read them. */
interface BuiltRows {
  /** How many groups rows were added to: the view's rows, in the order they were found. */
  readonly count: number;
  /** Each row's value ids, a column per dimension, for `AuditData`'s columns and rows. */
  readonly keys: RowKeys;
  /** Each row's input rows, sessions and key events, three numbers a row. */
  readonly sums: Float64Array;
  /** The dimensions some row has a value of. */
  readonly present: readonly Dimension[];
  /** The number (`id`) of the first row; the rows are numbered in order from it. */
  readonly firstId: number;
  /** The rows' sessions, summed in row order. */
  readonly sessions: number;
}

/**
 * The groups rows were added to, as the checks read them (a combination looked up but never
 * added to is no data): their value ids as one column per dimension (none for a dimension of a
 * single value: every id is 0), their sums moved down over the groups without rows (`sums`
 * becomes the rows'), and the dimensions those rows have. No object is made for a row here:
 * `AuditData` makes one when a check asks for that row. The grouping's tuples (12 ids a group)
 * can go once this is made.
 */
function buildRows(
  keys: GroupKeys,
  groups: number,
  sums: Float64Array,
  rowCount: number,
  firstId: number,
  sessionsById: Float64Array,
): BuiltRows {
  const { width, kept, constant, ids, values } = keys;
  const stride = kept.length;
  let total = 0;
  const columns = values.map((dictionary) =>
    dictionary.length > 1 ? new Int32Array(rowCount) : undefined,
  );
  /** Each kept dimension's place in a group's tuple, -1 for one of a single id. */
  const placeOf = new Int32Array(width).fill(-1);
  for (let k = 0; k < stride; k++) placeOf[kept[k] as number] = k;
  const has = new Uint8Array(width);
  if (rowCount === groups) {
    // Every group has rows (a reader that adds each combination it looks up): the rows are the
    // groups as they are. A kept dimension is present when its dictionary holds a value, as
    // every value numbered came with a row; one of a single id when that id is a value.
    for (let d = 0; d < width; d++) {
      const dictionary = values[d] as readonly (string | undefined)[];
      const one = constant[d] as number;
      has[d] =
        placeOf[d] === -1
          ? one >= 0 && rowCount > 0 && dictionary[one] !== undefined
            ? 1
            : 0
          : dictionary.some((value) => value !== undefined)
            ? 1
            : 0;
      const column = columns[d];
      if (column && placeOf[d] === -1 && one >= 0) column.fill(one);
    }
    for (let k = 0; k < stride; k++) {
      const column = columns[kept[k] as number];
      if (!column) continue;
      for (let r = 0, at = k; r < rowCount; r++, at += stride) column[r] = ids[at] as number;
    }
    for (let r = 0; r < rowCount; r++) {
      const sessions = sums[3 * r + 1] as number;
      total += sessions;
      sessionsById[firstId + r] = sessions;
    }
  } else {
    /** Each dimension's ids by whether they are a value (1) or none (0). */
    const isValue = values.map((dictionary) => {
      const marks = new Uint8Array(dictionary.length);
      for (let id = 0; id < dictionary.length; id++) {
        marks[id] = dictionary[id] === undefined ? 0 : 1;
      }
      return marks;
    });
    let r = 0;
    for (let group = 0; group < groups; group++) {
      const count = sums[3 * group] as number;
      if (count === 0) continue;
      const base = group * stride;
      for (let d = 0; d < width; d++) {
        const place = placeOf[d] as number;
        const id = place >= 0 ? (ids[base + place] as number) : (constant[d] as number);
        const column = columns[d];
        if (column) column[r] = id;
        has[d] = (has[d] as number) | ((isValue[d] as Uint8Array)[id] as number);
      }
      const sessions = sums[3 * group + 1] as number;
      total += sessions;
      sessionsById[firstId + r] = sessions;
      // Row r's sums at 3r: never after its group's (r <= group), so none is overwritten unread.
      sums[3 * r] = count;
      sums[3 * r + 1] = sessions;
      sums[3 * r + 2] = sums[3 * group + 2] as number;
      r++;
    }
  }
  const present = KEY_DIMENSIONS.filter((_, d) => has[d] === 1);
  return {
    count: rowCount,
    keys: { dimensions: KEY_DIMENSIONS, values, ids: columns },
    sums: shrunk(sums, 3 * rowCount),
    present,
    firstId,
    sessions: total,
  };
}

/**
 * The sessions GA4 hid in rows it wrote "(data deleted)" or "(other)" into: a row counts by the
 * first such value in the order of KEY_DIMENSIONS; each distinct value is looked at once.
 */
function hiddenSessions({ count, keys, sums }: BuiltRows) {
  const { ids, values } = keys;
  const hidden = { dataDeleted: 0, rowLimit: 0 };
  /** Each dimension with a hidden value: its ids' reasons (0 none, 1 deleted, 2 row limit). */
  const marked: { d: number; reasons: Uint8Array }[] = [];
  values.forEach((dictionary, d) => {
    // A loop of its own rather than `Uint8Array.from` with a function: the landing pages'
    // dictionary may hold most of a million values.
    const reasons = new Uint8Array(dictionary.length);
    let any = false;
    for (let id = 0; id < dictionary.length; id++) {
      const value = dictionary[id];
      const reason = value === undefined ? undefined : hiddenBy(value);
      if (reason === undefined) continue;
      reasons[id] = reason === "data-deleted" ? 1 : 2;
      any = true;
    }
    if (any) marked.push({ d, reasons });
  });
  // Most reports hide nothing: no dimension to read row by row.
  if (marked.length === 0) return hidden;
  for (let r = 0; r < count; r++) {
    let reason = 0;
    for (let m = 0; m < marked.length && reason === 0; m++) {
      const { d, reasons } = marked[m] as { d: number; reasons: Uint8Array };
      reason = reasons[ids[d]?.[r] ?? 0] as number;
    }
    const sessions = sums[3 * r + 1] as number;
    if (reason === 1) hidden.dataDeleted += sessions;
    else if (reason === 2) hidden.rowLimit += sessions;
  }
  return hidden;
}

/** Audits a whole array of rows at once. */
export function audit(rows: Iterable<AuditRow>, context: AuditContext): AuditReport {
  const auditor = createAuditor(context);
  for (const row of rows) auditor.add(row);
  return auditor.finish();
}

function missingRequirement(requirement: Requirement, data: AuditData): string | undefined {
  const options = typeof requirement === "string" ? [requirement] : requirement;
  return options.some((dimension) => data.has(dimension)) ? undefined : options.join(" or ");
}

export function runCheck(check: CheckDefinition, data: AuditData): CheckResult {
  return checkOutcome(check, data).result;
}

/** A check's result with the rows of each finding, for `resolveOverlaps`. */
function checkOutcome(check: CheckDefinition, data: AuditData): CheckOutcome {
  const base = { id: check.id, title: check.title, severity: check.severity };
  const missing = check.requires
    .map((requirement) => missingRequirement(requirement, data))
    .filter((reason): reason is string => reason !== undefined);
  const skip =
    data.totalSessions === 0
      ? "no sessions to audit"
      : missing.length > 0
        ? `needs ${missing.join(", ")}`
        : check.skipUnless?.(data);
  if (skip) {
    const result: CheckResult = {
      ...base,
      status: "skipped",
      skippedReason: skip,
      affectedSessions: 0,
      affectedShare: 0,
      costedShare: 0,
      findings: [],
    };
    return { result, rowsByKey: new Map() };
  }
  const collector = new FindingCollector(data, check.redact);
  check.run(data, collector);
  const findings = collector.findings();
  const affectedSessions = collector.affectedSessions();
  // The check reports at the highest severity among its findings, each finding at its own
  // (raised to critical on paid traffic, lowered to info where harmless) or the default.
  const severity =
    findings.length === 0
      ? check.severity
      : (SEVERITIES.find((level) =>
          findings.some((f) => (f.severity ?? check.severity) === level),
        ) ?? check.severity);
  const affectedShare = data.share(affectedSessions);
  const result: CheckResult = {
    ...base,
    severity,
    status: findings.length > 0 ? "failed" : "passed",
    affectedSessions,
    affectedShare,
    // Until overlaps are resolved, a check alone costs what it touches.
    costedShare: affectedShare,
    findings,
  };
  return { result, rowsByKey: collector.rowsByKey(), explains: check.explains };
}
