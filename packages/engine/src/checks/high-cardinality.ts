// Detects UTM values that carry IDs, dates, timestamps or hashes, so one logical campaign explodes
// into hundreds of values (email_20251103_8831, email_20251104_9102...), and GA4's "(other)" row,
// which means a report already hit its row limit and lumped the rest together.
import type { AuditData, ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { type AggregatedRow, DIMENSIONS, type Dimension, type UtmParam } from "../core/types.ts";
import { landingGlances } from "../rules/urls.ts";
import { busiest, fieldTitle, taggedValues, UTM_VALUE_DIMENSIONS } from "../rules/values-extra.ts";

/** utm_id is an ID by design; every other parameter should name a campaign, not a send. */
const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "content", "term"];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** 20251103, 2025-11-03, 2025_11_03T08:30:00Z, 03.11.2025. */
const DATE_TIME =
  /(?<!\d)(?:(?:19|20)\d{2}[-/._]?(?:0[1-9]|1[0-2])[-/._]?(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|[12]\d|3[01])[-/.](?:0[1-9]|1[0-2])[-/.](?:19|20)\d{2})(?:[t _-]?[0-2]\d[:h]?[0-5]\d(?:[:m]?[0-5]\d)?(?:\.\d+)?z?)?(?!\d)/gi;
/** A hex hash: 8+ hex characters with both digits and letters, standing alone. */
const HEX = /(?<![0-9a-z])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}(?![0-9a-z])/gi;
/** Five or more digits: order, user and send IDs, Unix timestamps. Years (4) are not IDs. */
const LONG_NUMBER = /\d{5,}/g;
const NUMBER = /\d+/g;
const HAS_DIGIT = /\d/;
const ID_PLACEHOLDER = /\{(?:uuid|hex|id)\}/;

/** Values that share a template with an ID in it. */
const MIN_VALUES = 10;
/** Fewer values suffice when they carry IDs and are most of the parameter's values. */
const MIN_VALUES_WHEN_MOST = 5;
const MOST = 0.5;
/** Templates with small numbers only (promo_1, promo_2) need many more values to be generated. */
const MIN_NUMBERED_VALUES = 25;

export const highCardinality = defineCheck({
  id: "high-cardinality",
  title: "UTM values with IDs, dates or hashes",
  severity: "warning",
  description:
    "Many values of one UTM parameter follow the same pattern with a different ID, date or hash in each, or GA4 has grouped rows into (other) because a report hit its row limit.",
  guide: {
    whyItMatters:
      "A UTM value is a row label, not a log line. When each send or click gets its own campaign name (email_20251103_8831, email_20251104_9102...), one campaign turns into hundreds of rows with a handful of sessions each: you cannot see how the campaign performs without rebuilding it by hand, and GA4 reports have a row limit, beyond which GA4 groups the rest into an (other) row you cannot break down.",
    howToFix:
      "Keep utm_campaign stable for the whole campaign (weekly_newsletter, spring_sale_2025) and take per-send, per-recipient or per-click IDs out of the link: GA4 already records the date of every session, and user-level IDs do not belong in UTMs. In your email or automation tool, switch off unique tracking codes or merge fields in UTM parameters. If you see (other), also shorten the report's date range or drop dimensions you do not need.",
    exampleWrong:
      "utm_source=newsletter&utm_medium=email&utm_campaign=email_20251103_8831 (a new name for every send)",
    exampleCorrect:
      "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_newsletter (the session date tells sends apart)",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [UTM_VALUE_DIMENSIONS],
  run(data, findings) {
    for (const param of PARAMS) {
      const values = taggedValues(data, param);
      const byTemplate = new Map<string, ValueStats[]>();
      for (const group of values) {
        // Every placeholder stands for something with a digit in it.
        if (!HAS_DIGIT.test(group.value)) continue;
        const template = templateOf(group.value);
        // Stryker disable next-line all: a digit always becomes a placeholder
        if (!template.includes("#") && !template.includes("{")) continue;
        const key = template.toLowerCase();
        let list = byTemplate.get(key);
        if (!list) {
          list = [];
          byTemplate.set(key, list);
        }
        list.push(group);
      }
      for (const [key, groups] of byTemplate) {
        if (!explodes(param, key, groups.length, values.length)) continue;
        const shown = busiest(groups);
        // Stryker disable next-line OptionalChaining: never empty
        const first = shown[0]?.value ?? key;
        const title = `${fieldTitle(data.utmField(param))} splits into ${groups.length} values like '${first}' (${templateOf(first)})`;
        const options = {
          values: shown.map((group) => group.value),
          field: data.utmField(param),
        };
        // Value by value: the same rows in the same order as one list of all of them.
        const dimension = data.utmField(param);
        for (const group of groups) {
          findings.addValue(`${param}:${key}`, title, dimension, group, options);
        }
      }
    }

    const other = new Set<AggregatedRow>();
    for (const dimension of DIMENSIONS_WITH_OTHER) {
      // Stryker disable next-line ConditionalExpression: a shortcut: no rows, no values
      if (!data.has(dimension)) continue;
      for (const row of otherRows(data, dimension)) other.add(row);
    }
    if (other.size > 0) {
      let sessions = 0;
      for (const row of other) sessions += row.sessions;
      findings.add(
        "ga4-other-row",
        `GA4 grouped ${sessions} sessions into an (other) row: the report hit its row limit`,
        other,
        { values: ["(other)"] },
      );
    }
  },
});

/** "email_20251103_8831" → "email_{date}_#"; "u_4f9c2a1be3" → "u_{hex}". */
function templateOf(value: string): string {
  return value
    .replace(UUID, "{uuid}")
    .replace(DATE_TIME, "{date}")
    .replace(HEX, "{hex}")
    .replace(LONG_NUMBER, "{id}")
    .replace(NUMBER, "#");
}

function explodes(param: UtmParam, template: string, count: number, total: number): boolean {
  if (template.includes("{")) {
    if (count >= MIN_VALUES) return true;
    // A few dated campaigns (webinar_2025-03-12, webinar_2025-06-18) are a calendar, not IDs.
    return ID_PLACEHOLDER.test(template) && count >= MIN_VALUES_WHEN_MOST && count >= total * MOST;
  }
  // Keywords with numbers (iphone 15 case, size 10 shoes) are ordinary search terms.
  return param !== "term" && count >= MIN_NUMBERED_VALUES;
}

/**
 * The rows whose `dimension` is "(other)", in order (`valueStats`). A landing page whose glance
 * says "utm" is not "(other)": at high cardinality nearly every page says it, and the pages are
 * nearly as many as the rows, so only the rest are compared. Any other dimension by its values.
 */
function otherRows(data: AuditData, dimension: Dimension): readonly AggregatedRow[] {
  if (dimension !== "landingPagePlusQueryString") {
    return data.valueStats(dimension, "(other)")?.rows ?? [];
  }
  const { values, starts, ids, data: view, firstId } = data.column(dimension);
  const glances = landingGlances(data);
  // From one page without a mention to the next by the typed array's own search, not a loop here
  // over every page (a loop run once may run long before it is compiled).
  for (let v = glances.indexOf(0); v >= 0; v = glances.indexOf(0, v + 1)) {
    if (values[v] !== "(other)") continue;
    const found: AggregatedRow[] = [];
    const to = starts[v + 1] as number;
    for (let i = starts[v] as number; i < to; i++) {
      found.push(view.row((ids[i] as number) - firstId));
    }
    return found;
  }
  return [];
}

/** Every dimension GA4 can fill with "(other)"; `date` never is. */
const DIMENSIONS_WITH_OTHER = DIMENSIONS.filter((dimension) => dimension !== "date");
