import { cheapestPlanWith, type HistoryWindow, type Plan } from "@utmost/contracts";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { auditScans, dataSources, subscriptions, workspaces } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { effectivePlan, planStandingColumns } from "./plan-standing.ts";

/**
 * How far back a property's history reaches: its workspace owner's plan as it applies now
 * (`effectivePlan`, so a failed payment's 7 days keep the paid plan's window) gives the days
 * (spec §9 Plans, `Plan.historyDays`; ADR 023). Every read path (scans, issues, trends, CSV
 * exports, the public API, PDF reports) asks this one function. Nothing is deleted: data older
 * than the window is only left out, and comes back when the owner's plan reaches it again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PropertyHistory {
  /** The clock the window was read at. */
  now: Date;
  plan: Plan;
  /** Where the plan's window begins; null when the plan keeps every scan. */
  planStart: Date | null;
  /**
   * What the reads show from: the plan's start, moved back to the latest completed scan when that
   * is older, so a window never hides the property's current state. Null: everything.
   */
  since: Date | null;
}

/** Where a plan's window begins at `now`; null for a plan that keeps every scan. */
export function planHistoryStart(plan: Plan, now: Date): Date | null {
  return plan.historyDays === null ? null : new Date(now.getTime() - plan.historyDays * DAY_MS);
}

const latestCompletedAt = sql<Date | null>`(
  select ${auditScans.createdAt} from ${auditScans}
  where ${auditScans.dataSourceId} = ${dataSources.id} and ${auditScans.status} = 'completed'
  order by ${auditScans.createdAt} desc, ${auditScans.id} desc limit 1
)`.mapWith(auditScans.createdAt);

/**
 * The history window of a property. Callers have already checked who is asking; an unknown
 * property reads as Free, whose window is the shortest.
 */
export async function historyOf(
  db: Db,
  dataSourceId: string,
  now: Date = new Date(),
): Promise<PropertyHistory> {
  // Every list and detail read asks this: a prepared statement, planned once per connection.
  const statement = prepared(db, "history_of_property", (name) =>
    db
      .select({ standing: planStandingColumns, latestCompletedAt })
      .from(dataSources)
      .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
      .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
      .where(eq(dataSources.id, sql.placeholder("dataSourceId")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ dataSourceId });
  const plan = effectivePlan(row?.standing?.tier ? row.standing : null, now);
  const planStart = planHistoryStart(plan, now);
  const latest = row?.latestCompletedAt ?? null;
  const since = planStart && latest && latest < planStart ? latest : planStart;
  return { now, plan, planStart, since };
}

/** The lower bound of a timestamp column for SQL: '-infinity' when the plan keeps every scan. */
export function sinceParam(history: Pick<PropertyHistory, "since">): string {
  return history.since?.toISOString() ?? "-infinity";
}

/** Whether `at` falls inside the window. */
export function withinHistory(history: Pick<PropertyHistory, "since">, at: Date): boolean {
  return history.since === null || at >= history.since;
}

/** How much a plan keeps, as a sentence's object: "30 days of history", "every scan". */
function keeps(plan: Plan): string {
  return plan.historyDays === null ? "every scan" : `${plan.historyDays} days of history`;
}

/**
 * Refuses to show one scan or issue older than the window (its detail, its CSV): it is kept, and
 * the message names the cheapest plan that shows it again.
 */
export function requireWithinHistory(
  history: PropertyHistory,
  at: Date,
  what: "scan" | "issue",
): void {
  if (withinHistory(history, at)) return;
  const ageDays = Math.ceil((history.now.getTime() - at.getTime()) / DAY_MS);
  const reaching = cheapestPlanWith(
    (plan) => plan.historyDays === null || plan.historyDays >= ageDays,
  );
  const subject = what === "scan" ? "This scan" : "This issue's last detection";
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `${subject} is older than the ${keeps(history.plan)} the ${history.plan.name} plan keeps; the ${reaching.name} plan keeps ${keeps(reaching)}. Upgrade to see older scans.`,
  );
}

/** The window as the web shows it: the plan's days and start, and whether older scans are hidden. */
export async function historyWindowOf(
  db: Db,
  dataSourceId: string,
  now: Date = new Date(),
): Promise<HistoryWindow> {
  const history = await historyOf(db, dataSourceId, now);
  const [older] = history.since
    ? await db
        .select({ id: auditScans.id })
        .from(auditScans)
        .where(
          and(eq(auditScans.dataSourceId, dataSourceId), lt(auditScans.createdAt, history.since)),
        )
        .orderBy(desc(auditScans.createdAt))
        .limit(1)
    : [];
  return {
    tier: history.plan.tier,
    days: history.plan.historyDays,
    startsAt: history.planStart?.toISOString() ?? null,
    olderHidden: older !== undefined,
  };
}
