// Detects campaign traffic tagged with a medium or campaign but no utm_source. Without a source,
// GA4 reports "(not set)", the channel rules cannot match, and the sessions fall into Unassigned.
import type { AuditData } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { VALUES_PER_FINDING } from "../core/findings.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import { GLANCE, glanceNameBit, landingGlances } from "../rules/urls.ts";

const SOURCE = glanceNameBit("utm_source");
const MEDIUM_OR_CAMPAIGN = glanceNameBit("utm_medium") | glanceNameBit("utm_campaign");

export const missingUtmSource = defineCheck({
  id: "missing-utm-source",
  title: "Campaign links without utm_source",
  severity: "critical",
  description:
    "Sessions carry a utm_medium or utm_campaign but no utm_source, so GA4 cannot tell where they came from.",
  guide: {
    whyItMatters:
      "utm_source is the one parameter GA4 needs to attribute a tagged visit. Without it the source is (not set), the default channel rules cannot match, and the sessions land in Unassigned, invisible in every channel report.",
    howToFix:
      "Add utm_source to every tagged link, naming the site, platform or list that sends the visit (google, facebook, newsletter). Check the link templates in your ad platforms and email tool, where the parameter is most often dropped.",
    exampleWrong: "https://www.example.com/?utm_medium=email&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualSource", "landingPagePlusQueryString"]],
  run(data, findings) {
    const rows = data.rows;
    const firstId = data.firstId;
    // Each row's manual source, medium and campaign by value id, each value judged once.
    const manual = data.has("sessionManualSource")
      ? {
          source: userValuesOf(data, "sessionManualSource"),
          medium: userValuesOf(data, "sessionManualMedium"),
          campaign: userValuesOf(data, "sessionManualCampaignName"),
        }
      : undefined;
    // Each row's landing page glanced at once (shared with other checks), when this view has it.
    const landings = data.has("landingPagePlusQueryString")
      ? data.column("landingPagePlusQueryString")
      : undefined;
    const glances = landings?.rows === rows ? landingGlances(data) : undefined;
    // Without manual dimensions only a landing page can be reported: when the glance clears every
    // one (it names utm_source, or no other recognised parameter), no row need be read.
    if (!manual && glances && !anyMayLackSource(glances)) return;
    // Each finding's row ids in row order and its first values, added by id once all are read,
    // in the order their first rows come.
    const pending = new Map<string, Pending>();
    const pendingOf = (key: string, title: string, field: Dimension): Pending => {
      let entry = pending.get(key);
      if (!entry) {
        entry = { title, field, ids: [], values: new Set() };
        pending.set(key, entry);
      }
      return entry;
    };
    // The finding of each manual medium and campaign pair by their value ids, found once a pair.
    const byPair = new Map<number, { entry: Pending; shown: readonly string[] }>();
    const campaignCount = (manual?.campaign?.values.length ?? 0) + 1;
    // The finding of each landing value that may lack a source (by value id), parsed once a value.
    const byLanding = new Map<number, Pending | null>();
    for (let r = 0; r < rows.length; r++) {
      if (manual) {
        const medium = valueAt(manual.medium, r);
        const campaign = valueAt(manual.campaign, r);
        if (
          !isUserAt(manual.source, r) &&
          (isUser(manual.medium, medium) || isUser(manual.campaign, campaign))
        ) {
          const pair = (medium + 1) * campaignCount + campaign + 1;
          let found = byPair.get(pair);
          if (!found) {
            const mediumText = medium >= 0 ? manual.medium?.values[medium] : undefined;
            const campaignText = campaign >= 0 ? manual.campaign?.values[campaign] : undefined;
            const shown = [mediumText, campaignText].filter(isUserValue);
            const entry = pendingOf(
              `medium:${mediumText ?? ""}|campaign:${campaignText ?? ""}`,
              `No utm_source on ${shown.join(" / ")}`,
              "sessionManualSource",
            );
            found = { entry, shown };
            byPair.set(pair, found);
          }
          const { entry, shown } = found;
          entry.ids.push(firstId + r);
          for (const value of shown) {
            if (entry.values.size < VALUES_PER_FINDING) entry.values.add(value);
          }
          continue;
        }
      }
      if (glances && landings) {
        // Read by value id: no row object is reached, and a landing value is parsed once.
        const v = landings.valueOfRow[r] as number;
        if (v < 0 || !mayLackSource(glances[v] as number)) continue;
        let entry = byLanding.get(v);
        if (entry === undefined) {
          entry = landingFinding(landings.values[v] as string, pendingOf);
          byLanding.set(v, entry);
        }
        if (entry) report(entry, firstId + r, landings.values[v] as string);
        continue;
      }
      const landing = (rows[r] as AggregatedRow).values.landingPagePlusQueryString;
      if (landing === undefined) continue;
      const entry = landingFinding(landing, pendingOf);
      if (entry) report(entry, firstId + r, landing);
    }
    for (const [key, { title, field, ids, values }] of pending) {
      findings.addIds(key, title, ids, 0, ids.length, { values, field });
    }
  },
});

/** A finding's title and field, its row ids in row order and its first values. */
interface Pending {
  title: string;
  field: Dimension;
  ids: number[];
  values: Set<string>;
}

/** Each row's value id of a dimension, its values, and whether each is a user value (1). */
interface UserValues {
  ofRow: Int32Array;
  values: readonly string[];
  user: Uint8Array;
}

/** The view's own column of a dimension with its user values marked; none when no view has it. */
function userValuesOf(data: AuditData, dimension: Dimension): UserValues | undefined {
  if (!data.has(dimension)) return undefined;
  const { valueOfRow, values } = data.ownColumn(dimension);
  const user = new Uint8Array(values.length);
  for (let v = 0; v < values.length; v++) user[v] = isUserValue(values[v]) ? 1 : 0;
  return { ofRow: valueOfRow, values, user };
}

/** Row `r`'s value id in the dimension; -1 for none. */
function valueAt(column: UserValues | undefined, r: number): number {
  return column ? (column.ofRow[r] as number) : -1;
}

/** Whether value id `v` of the dimension is a user value. */
function isUser(column: UserValues | undefined, v: number): boolean {
  return column !== undefined && v >= 0 && column.user[v] === 1;
}

/** Whether row `r` has a user value in the dimension. */
function isUserAt(column: UserValues | undefined, r: number): boolean {
  return isUser(column, valueAt(column, r));
}

/**
 * Whether a landing value with this glance may be tagged without utm_source: it mentions UTM and
 * the glance cannot tell its names, or they are utm_medium or utm_campaign without utm_source.
 */
function mayLackSource(glance: number): boolean {
  if ((glance & GLANCE.mentions) === 0) return false;
  if ((glance & GLANCE.irregular) !== 0) return true;
  return (glance & SOURCE) === 0 && (glance & MEDIUM_OR_CAMPAIGN) !== 0;
}

/** Whether any of the glances is one `mayLackSource` cannot clear, read in a plain loop. */
function anyMayLackSource(glances: Uint16Array): boolean {
  for (let v = 0; v < glances.length; v++) {
    const glance = glances[v] as number;
    // Stryker disable next-line ConditionalExpression: a shortcut; mayLackSource tells the same
    if ((glance & GLANCE.mentions) !== 0 && mayLackSource(glance)) return true;
  }
  return false;
}

/** The finding of a landing value with utm_medium or utm_campaign and no utm_source; else null. */
function landingFinding(
  landing: string,
  pendingOf: (key: string, title: string, field: Dimension) => Pending,
): Pending | null {
  const url = parseLanding(landing);
  const names = new Set(url.params.map((p) => p.name));
  if (names.has("utm_source") || !(names.has("utm_medium") || names.has("utm_campaign"))) {
    return null;
  }
  const path = url.path;
  return pendingOf(
    `landing:${path}`,
    `Landing page ${path} tagged without utm_source`,
    "landingPagePlusQueryString",
  );
}

/** A row of a landing finding, the landing value among the finding's first values. */
function report(entry: Pending, id: number, landing: string): void {
  entry.ids.push(id);
  if (entry.values.size < VALUES_PER_FINDING) entry.values.add(landing);
}
