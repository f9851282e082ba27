// Detects landing URLs whose utm_ parameters are present but empty ("utm_campaign=" or a bare
// "utm_source"). They come from link templates whose merge field or variable did not fill in;
// GA4 records nothing for them, so the visit loses its source, medium or campaign.
import { defineCheck } from "../core/check.ts";
import { VALUES_PER_FINDING } from "../core/findings.ts";
import { parseLanding } from "../core/values.ts";
import { decodeParam } from "../rules/tagging.ts";
import { GLANCE, landingGlances } from "../rules/urls.ts";

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
    // Stryker disable next-line ConditionalExpression: another view's landing pages are no row's
    if (!data.rowsHave("landingPagePlusQueryString")) return;
    // Each distinct landing value judged once (issue 24), its glance read before any regex.
    const landings = data.column("landingPagePlusQueryString");
    const glances = landingGlances(data);
    // Each value's empty names as their place (+1) in `emptyNames`, 0 for none; made when a first
    // value has an empty parameter: most reports have none, and then no row is read.
    let emptyOf: Int32Array | undefined;
    const emptyNames: (readonly string[])[] = [];
    const { values } = landings;
    for (let v = 0; v < values.length; v++) {
      const landing = values[v] as string;
      if (!mayHaveEmptyUtm(landing, glances[v] as number)) continue;
      const names = emptyUtmNames(landing);
      if (names === undefined) continue;
      emptyOf ??= new Int32Array(values.length);
      emptyNames.push(names);
      emptyOf[v] = emptyNames.length;
    }
    if (!emptyOf) return;
    // Rows in row order, as adding them one by one did: the order breaks ties between examples.
    const groups = new Map<string, { ids: number[]; shown: Set<string> }>();
    for (let r = 0; r < landings.valueOfRow.length; r++) {
      const v = landings.valueOfRow[r] as number;
      const place = v < 0 ? 0 : (emptyOf[v] as number);
      if (place === 0) continue;
      const names = emptyNames[place - 1] as readonly string[];
      for (const name of names) {
        let group = groups.get(name);
        if (!group) {
          group = { ids: [], shown: new Set() };
          groups.set(name, group);
        }
        group.ids.push(landings.firstId + r);
        if (group.shown.size < VALUES_PER_FINDING) group.shown.add(landings.values[v] as string);
      }
    }
    for (const [name, { ids, shown }] of groups) {
      findings.addIds(`param:${name}`, `${name} is present but empty`, ids, 0, ids.length, {
        values: shown,
        field: "landingPagePlusQueryString",
      });
    }
  },
});

/** Whether the landing value may give a UTM parameter an empty value, read with its glance. */
function mayHaveEmptyUtm(landing: string, glance: number): boolean {
  // Not even "utm" in it.
  if ((glance & GLANCE.mentions) === 0) return false;
  if ((glance & GLANCE.irregular) !== 0) return MAYBE_EMPTY_UTM.test(landing);
  // Every "utm" starts a recognised name, written exactly, and no "%" is left to decode: the
  // glance saw whether any is bare or followed by blanks (a regex per landing page cost more than
  // the rest of the check).
  return (glance & GLANCE.blank) !== 0;
}

/** The UTM parameters (but utm_term) the landing value gives an empty value, each once. */
function emptyUtmNames(landing: string): string[] | undefined {
  const reported: string[] = [];
  for (const param of parseLanding(landing).params) {
    const name = param.name.toLowerCase();
    if (!name.startsWith(UTM_PREFIX) || EXPECTED_EMPTY.has(name) || reported.includes(name)) {
      continue;
    }
    if (decodeParam(param.value).trim() !== "") continue;
    reported.push(name);
  }
  return reported.length > 0 ? reported : undefined;
}
