// Detects campaign traffic tagged with a medium or campaign but no utm_source. Without a source,
// GA4 reports "(not set)", the channel rules cannot match, and the sessions fall into Unassigned.
import { defineCheck } from "../core/check.ts";
import { type PendingFinding, PendingFindings } from "../core/findings.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import { GLANCE, glanceNameBit, landingGlances } from "../rules/urls.ts";
import { hasUserValueAt, type UserValueColumn, userValueColumn } from "../rules/values-extra.ts";

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
    const firstId = data.firstId;
    // Each row's manual source, medium and campaign by value id, each value judged once.
    const manual = data.has("sessionManualSource")
      ? {
          source: userValueColumn(data, "sessionManualSource"),
          medium: userValueColumn(data, "sessionManualMedium"),
          campaign: userValueColumn(data, "sessionManualCampaignName"),
        }
      : undefined;
    // Each row's landing page glanced at once (shared with other checks), when this view has it.
    const landings = data.has("landingPagePlusQueryString")
      ? data.column("landingPagePlusQueryString")
      : undefined;
    const glances = landings?.data === data ? landingGlances(data) : undefined;
    // Without manual dimensions only a landing page can be reported: when the glance clears every
    // one (it names utm_source, or no other recognised parameter), no row need be read.
    if (!manual && glances && !anyMayLackSource(glances)) return;
    // Each finding's row ids in row order and its first values, added by id once all are read,
    // in the order their first rows come.
    const pending = new PendingFindings();
    // The finding of each manual medium and campaign pair by their value ids, found once a pair.
    const byPair = new Map<number, { entry: PendingFinding; shown: readonly string[] }>();
    const campaignCount = (manual?.campaign?.values.length ?? 0) + 1;
    // The finding of each landing value that may lack a source (by value id), parsed once a value.
    const byLanding = new Map<number, PendingFinding | null>();
    for (let r = 0; r < data.rowCount; r++) {
      if (manual) {
        const medium = valueAt(manual.medium, r);
        const campaign = valueAt(manual.campaign, r);
        if (
          !hasUserValueAt(manual.source, r) &&
          (isUser(manual.medium, medium) || isUser(manual.campaign, campaign))
        ) {
          const pair = (medium + 1) * campaignCount + campaign + 1;
          let found = byPair.get(pair);
          if (!found) {
            const mediumText = medium >= 0 ? manual.medium?.values[medium] : undefined;
            const campaignText = campaign >= 0 ? manual.campaign?.values[campaign] : undefined;
            const shown = [mediumText, campaignText].filter(isUserValue);
            const entry = pending.of(
              `medium:${mediumText ?? ""}|campaign:${campaignText ?? ""}`,
              `No utm_source on ${shown.join(" / ")}`,
              "sessionManualSource",
            );
            found = { entry, shown };
            byPair.set(pair, found);
          }
          const { entry, shown } = found;
          entry.ids.push(firstId + r);
          for (const value of shown) entry.addValue(value);
          continue;
        }
      }
      if (glances && landings) {
        // Read by value id: no row object is reached, and a landing value is parsed once.
        const v = landings.valueOfRow[r] as number;
        if (v < 0 || !mayLackSource(glances[v] as number)) continue;
        let entry = byLanding.get(v);
        if (entry === undefined) {
          entry = landingFinding(landings.values[v] as string, pending);
          byLanding.set(v, entry);
        }
        if (entry) report(entry, firstId + r, landings.values[v] as string);
        continue;
      }
      const landing = data.rowValue(r, "landingPagePlusQueryString");
      if (landing === undefined) continue;
      const entry = landingFinding(landing, pending);
      if (entry) report(entry, firstId + r, landing);
    }
    pending.addTo(findings);
  },
});

/** Row `r`'s value id in the dimension; -1 for none. */
function valueAt(column: UserValueColumn | undefined, r: number): number {
  return column ? (column.ofRow[r] as number) : -1;
}

/** Whether value id `v` of the dimension is a user value. */
function isUser(column: UserValueColumn | undefined, v: number): boolean {
  return column !== undefined && v >= 0 && column.user[v] === 1;
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
function landingFinding(landing: string, pending: PendingFindings): PendingFinding | null {
  const url = parseLanding(landing);
  const names = new Set(url.params.map((p) => p.name));
  if (names.has("utm_source") || !(names.has("utm_medium") || names.has("utm_campaign"))) {
    return null;
  }
  const path = url.path;
  return pending.of(
    `landing:${path}`,
    `Landing page ${path} tagged without utm_source`,
    "landingPagePlusQueryString",
  );
}

/** A row of a landing finding, the landing value among the finding's first values. */
function report(entry: PendingFinding, id: number, landing: string): void {
  entry.ids.push(id);
  entry.addValue(landing);
}
