// Detects landing URLs whose utm_ parameters are present but empty ("utm_campaign=" or a bare
// "utm_source"). They come from link templates whose merge field or variable did not fill in;
// GA4 records nothing for them, so the visit loses its source, medium or campaign.
import { defineCheck } from "../core/check.ts";
import { parseLanding } from "../core/values.ts";
import { decodeParam } from "../rules/tagging.ts";

const UTM_PREFIX = "utm_";
/** A cheap first pass: a utm_ name followed by nothing, "=" alone or encoded blanks. */
const MAYBE_EMPTY_UTM = /(?:^|[?&])utm_[^=&#]*(?:=(?:\+|%20|%09|\s)*)?(?:&|#|$)/i;

/**
 * utm_term is left out: Google Ads' {keyword} ValueTrack parameter is empty by design on
 * Display, Performance Max and other non-search placements, so an empty term is expected there.
 */
const EXPECTED_EMPTY = new Set(["utm_term"]);

export const emptyUtmValue = defineCheck({
  id: "empty-utm-value",
  title: "UTM parameters with an empty value",
  severity: "warning",
  description:
    "Landing URLs carry a utm_ parameter with nothing after it (utm_campaign= or a bare utm_source), so GA4 records no value for it.",
  guide: {
    whyItMatters:
      "An empty UTM parameter is a link that was meant to be tagged but lost its value, usually because a merge field, ad-platform macro or spreadsheet formula produced nothing. GA4 treats the parameter as missing: an empty utm_campaign reports (not set), and an empty utm_source or utm_medium leaves the visit without a channel, often in Unassigned.",
    howToFix:
      "Find the template that produced the link (email tool, ad platform URL parameters, link-builder sheet) and make sure every utm_ parameter gets a value, or remove the parameters you do not use. Check merge fields and macros by sending a test email or previewing the ad URL before launch.",
    exampleWrong:
      "https://www.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=",
    exampleCorrect:
      "https://www.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    for (const row of data.rows) {
      const landing = row.values.landingPagePlusQueryString;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (landing === undefined || !MAYBE_EMPTY_UTM.test(landing)) continue;
      const reported = new Set<string>();
      for (const param of parseLanding(landing).params) {
        const name = param.name.toLowerCase();
        if (!name.startsWith(UTM_PREFIX) || EXPECTED_EMPTY.has(name) || reported.has(name)) {
          continue;
        }
        if (decodeParam(param.value).trim() !== "") continue;
        // Stryker disable next-line CallExpression: a row is counted once anyway
        reported.add(name);
        findings.add(`param:${name}`, `${name} is present but empty`, row, {
          values: [landing],
          field: "landingPagePlusQueryString",
        });
      }
    }
  },
});
