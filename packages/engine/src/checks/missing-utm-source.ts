// Detects campaign traffic tagged with a medium or campaign but no utm_source. Without a source,
// GA4 reports "(not set)", the channel rules cannot match, and the sessions fall into Unassigned.
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow } from "../core/types.ts";
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
    const hasManual = data.has("sessionManualSource");
    // Each row's landing page glanced at once (shared with other checks), when this view has it.
    const landings = data.has("landingPagePlusQueryString")
      ? data.column("landingPagePlusQueryString")
      : undefined;
    const glances = landings?.rows === data.rows ? landingGlances(data) : undefined;
    const rows = data.rows;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as AggregatedRow;
      // Stryker disable next-line ConditionalExpression: without the dimension every value is undefined
      if (hasManual) {
        const source = row.values.sessionManualSource;
        const medium = row.values.sessionManualMedium;
        const campaign = row.values.sessionManualCampaignName;
        if (!isUserValue(source) && (isUserValue(medium) || isUserValue(campaign))) {
          const label = [medium, campaign].filter(isUserValue).join(" / ");
          findings.add(
            `medium:${medium ?? ""}|campaign:${campaign ?? ""}`,
            `No utm_source on ${label}`,
            row,
            {
              values: [medium, campaign].filter(isUserValue),
              field: "sessionManualSource",
            },
          );
          continue;
        }
      }
      let landing: string | undefined;
      if (glances && landings) {
        // Read by value id: the row object is not reached for a landing page the glance clears.
        const v = landings.valueOfRow[r] as number;
        if (v < 0) continue;
        landing = landings.values[v] as string;
        const glance = glances[v] as number;
        // No "utm" at all, or only recognised names, read from the glance.
        if ((glance & GLANCE.mentions) === 0) continue;
        if ((glance & GLANCE.irregular) === 0) {
          if ((glance & SOURCE) !== 0 || (glance & MEDIUM_OR_CAMPAIGN) === 0) continue;
        }
      } else {
        landing = row.values.landingPagePlusQueryString;
        if (landing === undefined) continue;
      }
      const url = parseLanding(landing);
      const names = new Set(url.params.map((p) => p.name));
      if (!names.has("utm_source") && (names.has("utm_medium") || names.has("utm_campaign"))) {
        const path = url.path;
        findings.add(`landing:${path}`, `Landing page ${path} tagged without utm_source`, row, {
          values: [landing],
          field: "landingPagePlusQueryString",
        });
      }
    }
  },
});
