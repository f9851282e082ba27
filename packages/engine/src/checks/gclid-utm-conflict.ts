// Detects Google Ads clicks whose manual UTMs disagree with auto-tagging: a gclid (or gbraid,
// wbraid) together with utm_source/utm_medium other than google / cpc. GA4 keeps the auto-tagged
// google / cpc (ga4-protocol.md §6.3), so the UTMs are silently ignored and reports disagree.
import { valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import { clickIdHints } from "../rules/tagging.ts";

const CLICK_IDS: ReadonlySet<string> = new Set(["gclid", "gbraid", "wbraid"]);
const NOT_SET = "(not set)";
/** Cheap pre-filter before parsing: a click id may be present. */
const CLICK_ID_HINT = /[?&](gclid|gbraid|wbraid)=/;

interface Pair {
  source: string;
  medium: string;
  /** The pair's place in the order pairs come, from 1. */
  place: number;
  /** The ids of the pair's rows, in row order. */
  ids: number[];
}

export const gclidUtmConflict = defineCheck({
  id: "gclid-utm-conflict",
  title: "Google Ads auto-tagging overridden by conflicting UTMs",
  severity: "warning",
  description:
    "Google Ads clicks (gclid, gbraid or wbraid in the landing URL, or a resolved google / cpc) whose utm_source or utm_medium say something other than google / cpc.",
  guide: {
    whyItMatters:
      "When a link carries both a Google Ads click ID and UTMs, GA4 uses the auto-tagged values: the session is google / cpc and the campaign comes from Google Ads. The UTMs survive only in the Manual source and Manual medium dimensions, so the same sessions appear under two different source / medium pairs depending on the report, and anyone reading the manual dimensions (or a tool that uses them) attributes Google Ads spend to the wrong channel.",
    howToFix:
      "Keep auto-tagging on in Google Ads and remove utm_source and utm_medium from the final URLs and tracking templates of its ads. If you need UTMs for other tools, use utm_source=google&utm_medium=cpc so both views agree. Check sitelinks and ad-level final URL suffixes, where old UTMs often linger.",
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&gclid=EAIaIQobChMI",
    exampleCorrect: "https://www.example.com/?utm_campaign=spring_sale&gclid=EAIaIQobChMI",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/11242870",
  },
  requires: [["landingPagePlusQueryString", "sessionManualSource", "sessionManualMedium"]],
  skipUnless(data) {
    if (data.has("landingPagePlusQueryString")) return undefined;
    return data.has("sessionSource") && data.has("sessionMedium")
      ? undefined
      : "needs sessionSource and sessionMedium to compare with the manual dimensions";
  },
  run(data, findings) {
    const pairs = new Map<string, Pair>();
    const firstId = data.firstId;
    const mayCarryClickId = clickIdHints(data);
    // Whether each row's session source and medium are GA4's google / cpc, judged once per value.
    const sources = data.ownColumn("sessionSource");
    const mediums = data.ownColumn("sessionMedium");
    const googleSource = sources.values.map((value) => value.trim().toLowerCase() === "google");
    const cpcMedium = mediums.values.map((value) => value.trim().toLowerCase() === "cpc");
    const isGoogleCpc = (r: number) => {
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      return (
        source >= 0 && medium >= 0 && googleSource[source] === true && cpcMedium[medium] === true
      );
    };
    const landings = data.ownColumn("landingPagePlusQueryString");
    const manualSources = data.ownColumn("sessionManualSource");
    const manualMediums = data.ownColumn("sessionManualMedium");
    // The pair of each landing value and of each manual source and medium (by their value ids),
    // found once each the first time a row has it: its place in `list` + 1, -1 for none, 0 for
    // not judged yet. A pair is made the first time its key comes, in row order.
    const list: Pair[] = [];
    const placeOf = (conflict: Conflict | undefined): number => {
      if (!conflict) return -1;
      const key = `manual:${conflict.source.trim().toLowerCase()}|${conflict.medium.trim().toLowerCase()}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = { ...conflict, place: list.length + 1, ids: [] };
        pairs.set(key, pair);
        list.push(pair);
      }
      return pair.place;
    };
    const byLanding = new Int32Array(landings.values.length);
    const byManual = new Map<number, number>();
    const manualMediumCount = manualMediums.values.length + 1;
    for (let r = 0; r < data.rowCount; r++) {
      let place = -1;
      // A landing value without the click-id hint (or no landing) carries no click id.
      if (mayCarryClickId[r] === 1) {
        const v = landings.valueOfRow[r] as number;
        place = byLanding[v] as number;
        if (place === 0) {
          place = placeOf(fromLanding(landings.values[v]));
          byLanding[v] = place;
        }
      }
      if (place < 0 && isGoogleCpc(r)) {
        // A session GA4 resolved to google / cpc while its manual dimensions say otherwise.
        const source = manualSources.valueOfRow[r] as number;
        const medium = manualMediums.valueOfRow[r] as number;
        const both = (source + 1) * manualMediumCount + medium + 1;
        let found = byManual.get(both);
        if (found === undefined) {
          found = placeOf(conflictOf(valueAt(manualSources, r), valueAt(manualMediums, r)));
          byManual.set(both, found);
        }
        place = found;
      }
      if (place > 0) (list[place - 1] as Pair).ids.push(firstId + r);
    }
    for (const [key, pair] of pairs) {
      findings.addIds(
        key,
        `Google Ads clicks tagged ${pair.source} / ${pair.medium}; GA4 reports them as google / cpc`,
        pair.ids,
        0,
        pair.ids.length,
        { values: [pair.source, pair.medium].filter(isUserValue), field: "sessionManualSource" },
      );
    }
  },
});

interface Conflict {
  source: string;
  medium: string;
}

function conflictOf(source: string | undefined, medium: string | undefined): Conflict | undefined {
  const hasSource = isUserValue(source);
  const hasMedium = isUserValue(medium);
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (!hasSource && !hasMedium) return undefined;
  const sourceDiffers = hasSource && source.trim().toLowerCase() !== "google";
  const mediumDiffers = hasMedium && medium.trim().toLowerCase() !== "cpc";
  if (!sourceDiffers && !mediumDiffers) return undefined;
  return { source: hasSource ? source : NOT_SET, medium: hasMedium ? medium : NOT_SET };
}

/** A landing URL with a Google click ID and UTMs that are not google / cpc. */
function fromLanding(landing: string | undefined): Conflict | undefined {
  // Stryker disable next-line ConditionalExpression: a shortcut; undefined tests as "undefined", no click ID
  if (landing === undefined || !CLICK_ID_HINT.test(landing)) return undefined;
  const params = parseLanding(landing).params;
  if (!params.some((param) => CLICK_IDS.has(param.name))) return undefined;
  const source = params.find((param) => param.name === "utm_source");
  const medium = params.find((param) => param.name === "utm_medium");
  return conflictOf(source && decode(source.value), medium && decode(medium.value));
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll("+", " "));
  } catch {
    return value;
  }
}
