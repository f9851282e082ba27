import type { AggregatedRow, Dimension, ExampleRow, Finding, Severity } from "./types.ts";

const EXAMPLES_PER_FINDING = 3;
const VALUES_PER_FINDING = 20;

interface Draft {
  key: string;
  title: string;
  values: Set<string>;
  rows: Set<AggregatedRow>;
  severity: Severity | undefined;
  field: Dimension | undefined;
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
 */
export class FindingCollector {
  private readonly drafts = new Map<string, Draft>();
  private readonly allRows = new Set<AggregatedRow>();
  private readonly redact: ((value: string) => string) | undefined;

  constructor(redact?: (value: string) => string) {
    this.redact = redact;
  }

  add(
    key: string,
    title: string,
    rows: AggregatedRow | Iterable<AggregatedRow>,
    options: AddOptions = {},
  ): void {
    let draft = this.drafts.get(key);
    if (!draft) {
      draft = {
        key,
        title,
        values: new Set(),
        rows: new Set(),
        severity: options.severity,
        field: options.field,
      };
      this.drafts.set(key, draft);
    } else if (options.severity && rank(options.severity) < rank(draft.severity)) {
      draft.severity = options.severity;
    }
    for (const value of options.values ?? []) {
      if (draft.values.size < VALUES_PER_FINDING) draft.values.add(value);
    }
    const list = isRow(rows) ? [rows] : rows;
    for (const row of list) {
      draft.rows.add(row);
      this.allRows.add(row);
    }
  }

  get size(): number {
    return this.drafts.size;
  }

  /** Sessions of every row in any finding, each row once. */
  affectedSessions(): number {
    let sum = 0;
    for (const row of this.allRows) sum += row.sessions;
    return sum;
  }

  /** The rows of each finding, by key. */
  rowsByKey(): ReadonlyMap<string, ReadonlySet<AggregatedRow>> {
    const out = new Map<string, ReadonlySet<AggregatedRow>>();
    for (const draft of this.drafts.values()) out.set(draft.key, draft.rows);
    return out;
  }

  findings(): Finding[] {
    const out: Finding[] = [];
    for (const draft of this.drafts.values()) {
      let affectedSessions = 0;
      for (const row of draft.rows) affectedSessions += row.sessions;
      const finding: Finding = {
        key: draft.key,
        title: draft.title,
        values: [...draft.values],
        affectedSessions,
        examples: busiest(draft.rows, EXAMPLES_PER_FINDING).map((row) =>
          toExample(row, this.redact),
        ),
      };
      if (draft.severity) finding.severity = draft.severity;
      if (draft.field) finding.field = draft.field;
      out.push(finding);
    }
    return out.sort((a, b) => b.affectedSessions - a.affectedSessions || cmp(a.key, b.key));
  }
}

/** The `count` rows with the most sessions, busiest first, without sorting them all. */
function busiest(rows: Iterable<AggregatedRow>, count: number): AggregatedRow[] {
  const top: AggregatedRow[] = [];
  for (const row of rows) {
    if (top.length === count && row.sessions <= (top[count - 1] as AggregatedRow).sessions)
      continue;
    let at = top.length < count ? top.length : count - 1;
    while (at > 0 && (top[at - 1] as AggregatedRow).sessions < row.sessions) at--;
    top.splice(at, 0, row);
    if (top.length > count) top.pop();
  }
  return top;
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
