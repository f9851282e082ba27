/**
 * Event scope. A fact row holds sessions, but `eventName` and `pageReferrer` belong to each event
 * (ga4-protocol.md §3.1, "Scope"): a report that asks for or filters on one of them counts each
 * session once under every value its events carry. So a `pageReferrer` report counts a session
 * that viewed a second page twice, under its landing referrer and under the site's own URL, and
 * its rows add up to more than the property's sessions, as Google's do. Restricted to
 * `eventName == session_start`, each session is counted once, under its landing referrer.
 *
 * The stand-in's events, per fact row (S sessions, E engaged, U users, K key events, M
 * multi-page sessions, PV page views):
 *
 *   event          page_referrer        sessions  engaged  users      keyEvents  eventCount
 *   session_start  the row's (landing)  S         E        U          0          S
 *   page_view      the row's (landing)  S         E        U          0          S
 *   page_view      the site's URL       M         M        min(U, M)  0          PV - S
 *   purchase       the site's URL       K         K        min(U, K)  K          K
 *
 * Later page views all name the landing page as their referrer (a session's third page would
 * name its second in GA4; the stand-in keeps one internal referrer a session), and the key event
 * follows a later page view when the session had one.
 */
import { FACT_METRICS, type FactRow } from "../synthetic/types.ts";
import type { EventFields } from "./dimension-values.ts";
import { filterLeaves, type ReportQuery, sourceFields } from "./report-query.ts";

export const SESSION_START = "session_start";
export const PAGE_VIEW = "page_view";
/** The one key event of every synthetic property (its `keyEvents` metric counts these). */
export const KEY_EVENT = "purchase";

const METRIC_COUNT = FACT_METRICS.length;
const SESSIONS = FACT_METRICS.indexOf("sessions");
const KEY_EVENTS = FACT_METRICS.indexOf("keyEvents");
const TOTAL_USERS = FACT_METRICS.indexOf("totalUsers");
const ENGAGED_SESSIONS = FACT_METRICS.indexOf("engagedSessions");
const EVENT_COUNT = FACT_METRICS.indexOf("eventCount");

/**
 * How the events of one fact row that fall into the same report row combine, by metric: session
 * and user counts are distinct counts, and the row's session sets are nested (key-event sessions
 * are multi-page, multi-page sessions are all sessions), so their union is the largest; event
 * counts add up.
 */
export const DISTINCT_COUNT: readonly boolean[] = FACT_METRICS.map(
  (metric) => metric !== "keyEvents" && metric !== "eventCount",
);

const EVENT_SCOPED: ReadonlySet<string> = new Set(["eventName", "pageReferrer"]);

/** Whether the report reads an event-scoped field, in a column or in its dimensionFilter. */
export function readsEventScope(query: ReportQuery): boolean {
  return [
    ...query.dimensions.flatMap((dimension) => sourceFields(dimension.source)),
    ...filterLeaves(query.dimensionFilter).flatMap((leaf) => sourceFields(leaf.source)),
  ].some((field) => EVENT_SCOPED.has(field));
}

/** The page_referrer of a later page view: the site's own landing page URL. */
export function internalReferrer(defaultUri: string): (row: FactRow) => string {
  const origin = defaultUri.replace(/\/+$/, "");
  const byPath = new Map<string, string>();
  return (row) => {
    let url = byPath.get(row.landingPage);
    if (url === undefined) {
      url = origin + (row.landingPage.startsWith("/") ? row.landingPage : "/");
      byPath.set(row.landingPage, url);
    }
    return url;
  };
}

/** A fact row's events, grouped as in the table above; refilled for each row. */
export class EventSlices {
  count = 0;
  readonly fields: EventFields[] = Array.from({ length: 4 }, () => ({
    eventName: "",
    pageReferrer: "",
  }));
  /** METRIC_COUNT values per slice, indexed like FACT_METRICS. */
  readonly sums = new Float64Array(4 * METRIC_COUNT);

  fill(row: FactRow, internal: string): void {
    this.count = 0;
    const { sessions, engagedSessions: engaged, totalUsers: users, keyEvents } = row;
    const multi = row.multiPageSessions;
    this.#add(SESSION_START, row.pageReferrer, sessions, engaged, users, 0, sessions);
    this.#add(PAGE_VIEW, row.pageReferrer, sessions, engaged, users, 0, sessions);
    const laterViews = row.pageViews - sessions;
    if (multi > 0 || laterViews > 0) {
      this.#add(PAGE_VIEW, internal, multi, multi, Math.min(users, multi), 0, laterViews);
    }
    if (keyEvents > 0) {
      const referrer = multi > 0 ? internal : row.pageReferrer;
      this.#add(
        KEY_EVENT,
        referrer,
        keyEvents,
        keyEvents,
        Math.min(users, keyEvents),
        keyEvents,
        keyEvents,
      );
    }
  }

  #add(
    eventName: string,
    pageReferrer: string,
    sessions: number,
    engaged: number,
    users: number,
    keyEvents: number,
    events: number,
  ): void {
    const slice = this.count++;
    const fields = this.fields[slice] as EventFields;
    fields.eventName = eventName;
    fields.pageReferrer = pageReferrer;
    const base = slice * METRIC_COUNT;
    this.sums[base + SESSIONS] = sessions;
    this.sums[base + KEY_EVENTS] = keyEvents;
    this.sums[base + TOTAL_USERS] = users;
    this.sums[base + ENGAGED_SESSIONS] = engaged;
    this.sums[base + EVENT_COUNT] = events;
  }
}
