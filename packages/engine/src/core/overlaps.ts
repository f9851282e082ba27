import type { CheckResult, Dimension, Finding, FoldedFinding, Severity } from "./types.ts";

/**
 * One root cause costs once. Several checks often find the same problem: `Google Ads` as a
 * medium is a paid medium GA4 does not count as paid, a platform name used as a medium and a value
 * with a space inside, all on the same sessions. Each is a true reason, but the sessions carry one
 * problem, and fixing the medium fixes all three.
 *
 * Findings are ranked (severity first, then the order reports list checks, then sessions), and
 * each claims the rows of its field family it is the first to name. A finding whose rows were all
 * claimed already is folded into the finding that claimed most of them: shown there as another
 * reason, not on its own, and not costed. A check's costed sessions are the rows its findings
 * claimed, so the score counts each row of a field family once.
 */

/** Which part of a session a finding is about: a medium read from utm_medium or from the session
 * medium is one medium. */
export type FieldFamily =
  | "source"
  | "medium"
  | "campaign"
  | "id"
  | "term"
  | "content"
  | "channel"
  | "url";

const FAMILIES: Readonly<Record<Dimension, FieldFamily | undefined>> = {
  sessionSource: "source",
  sessionManualSource: "source",
  sessionMedium: "medium",
  sessionManualMedium: "medium",
  sessionCampaignName: "campaign",
  sessionManualCampaignName: "campaign",
  sessionManualCampaignId: "id",
  sessionManualTerm: "term",
  sessionManualAdContent: "content",
  sessionDefaultChannelGroup: "channel",
  landingPagePlusQueryString: "url",
  pageReferrer: "url",
  date: undefined,
};

export function fieldFamily(field: Dimension): FieldFamily | undefined {
  return FAMILIES[field];
}

/** A failed check's result with the rows of each of its findings. */
export interface CheckOutcome {
  result: CheckResult;
  /** The checks whose findings this one's explain (`CheckDefinition.explains`). */
  explains?: readonly string[] | undefined;
  /** The ids (`AggregatedRow.id`) of each finding's rows, each once. */
  rowsByKey: ReadonlyMap<string, Int32Array>;
}

interface Entry {
  checkIndex: number;
  finding: Finding;
  severity: Severity;
  rows: Int32Array;
  /** The family, or the check's own id when the finding names no field. */
  family: string;
  claimedSessions: number;
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, warning: 1, info: 2 };

const NO_ROWS = new Int32Array(0);

/**
 * Folds overlapping findings and sets each check's `costedShare`, in place. `outcomes` are in
 * the order reports list checks; `share` turns sessions into a share of all sessions;
 * `sessionsById` holds each row's sessions by its id.
 */
export function resolveOverlaps(
  outcomes: readonly CheckOutcome[],
  share: (sessions: number) => number,
  sessionsById: Float64Array,
): void {
  // A check that explains others ranks just before the first of them.
  const indexOf = new Map(outcomes.map(({ result }, index) => [result.id, index]));
  const order = outcomes.map(({ explains }, index) => {
    let at = index;
    for (const id of explains ?? []) at = Math.min(at, (indexOf.get(id) ?? at) - 0.5);
    return at;
  });
  const entries: Entry[] = [];
  outcomes.forEach(({ result, rowsByKey }, checkIndex) => {
    result.costedShare = 0;
    if (result.status !== "failed") return;
    for (const finding of result.findings) {
      const family = finding.field ? fieldFamily(finding.field) : undefined;
      entries.push({
        checkIndex,
        finding,
        severity: finding.severity ?? result.severity,
        rows: rowsByKey.get(finding.key) ?? NO_ROWS,
        family: family ?? `check:${result.id}`,
        claimedSessions: 0,
      });
    }
  });
  entries.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (order[a.checkIndex] as number) - (order[b.checkIndex] as number) ||
      b.finding.affectedSessions - a.finding.affectedSessions,
  );

  // Each family's entries, in rank order: families are read one after another, as no entry
  // claims, covers or folds into another family's rows.
  const families = new Map<string, number[]>();
  for (const [index, entry] of entries.entries()) {
    const members = families.get(entry.family);
    if (members) members.push(index);
    else families.set(entry.family, [index]);
  }
  // The entry (its index + 1) that claimed each row id first, in the family being read: one
  // array for all of them, cleared between (an array as long as the rows for each family was a
  // few MB each at high cardinality).
  const claimed = new Int32Array(sessionsById.length);
  /**
   * The sessions of an entry's rows each earlier entry claimed, by that entry's index, and those
   * entries in the order their first row came: an array rather than a Map, as a finding may
   * name most of a million rows; only the slots touched are cleared for the next entry.
   */
  const covered = new Float64Array(entries.length);
  const owners: number[] = [];
  let first = true;
  for (const members of families.values()) {
    if (!first) claimed.fill(0);
    first = false;
    for (const index of members) foldOrClaim(index);
  }

  /** Lets entry `index` claim its rows no earlier entry of its family did, or fold it. */
  function foldOrClaim(index: number): void {
    const entry = entries[index] as Entry;
    const rows = entry.rows;
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i] as number;
      const owner = claimed[id] as number;
      // A row's sessions are read only when they count (a read of memory a row).
      if (owner !== 0) {
        // Only a finding that claims nothing folds: once it claims, who covers the rest is moot.
        if (entry.claimedSessions === 0) {
          if (covered[owner - 1] === 0) owners.push(owner - 1);
          covered[owner - 1] = (covered[owner - 1] as number) + (sessionsById[id] as number);
        }
      } else {
        claimed[id] = index + 1;
        entry.claimedSessions += sessionsById[id] as number;
      }
    }
    // Every row is another finding's already: the same problem, shown there (the one that
    // covers most of its sessions, the first met of equals).
    let into: Entry | undefined;
    let most = -1;
    for (const owner of owners) {
      const sessions = covered[owner] as number;
      covered[owner] = 0;
      if (sessions > most) {
        into = entries[owner];
        most = sessions;
      }
    }
    owners.length = 0;
    if (entry.claimedSessions > 0 || !into) return;
    const target = outcomes[into.checkIndex]?.result as CheckResult;
    const source = outcomes[entry.checkIndex]?.result as CheckResult;
    entry.finding.foldedInto = { checkId: target.id, key: into.finding.key };
    const reason: FoldedFinding = {
      checkId: source.id,
      key: entry.finding.key,
      title: entry.finding.title,
    };
    into.finding.alsoFound = [...(into.finding.alsoFound ?? []), reason];
  }

  const costed = new Map<number, number>();
  for (const entry of entries) {
    costed.set(entry.checkIndex, (costed.get(entry.checkIndex) ?? 0) + entry.claimedSessions);
  }
  for (const [checkIndex, sessions] of costed) {
    const result = outcomes[checkIndex]?.result as CheckResult;
    // Rows a check found on two fields (its source and its medium) are two values, but the check
    // never costs more than the sessions it touches.
    result.costedShare = Math.min(result.affectedShare, share(sessions));
  }
}
