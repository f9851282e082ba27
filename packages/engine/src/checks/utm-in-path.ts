// Detects UTM parameters written outside the query string: glued to the path ("/offer&utm_source="),
// as a path segment ("/offer/utm_source="), after ";" or after the "#". GA4 reads campaign
// parameters only from the query, so these clicks lose their source, medium and campaign.
import { defineCheck } from "../core/check.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import { GLANCE, landingGlances, pathKey, unescapeHtmlAmpersands } from "../rules/urls.ts";

/**
 * A "utm_<name>=" that starts a parameter-like token: after a separator or an encoded one.
 * Slugs such as "/blog/what-is-utm_source" have no "=" after the name and do not match.
 */
const UTM_TOKEN = /(?:^|[/&;,?#!|]|%2f|%26|%3b|%3f|%23)utm_[a-z]+(?:_[a-z]+)*(?:=|%3d)/i;
/** "utm" in any case; global, so a test tells where the first one ends. */
const MENTION = /utm/gi;

type Place = "path" | "fragment";

export const utmInPath = defineCheck({
  id: "utm-in-path",
  title: "UTM parameters outside the query string",
  severity: "critical",
  description:
    'Landing pages carry utm_ parameters in the path or after "#", where GA4 does not read them, so the visit loses its campaign attribution.',
  guide: {
    whyItMatters:
      'GA4 reads utm_source, utm_medium and utm_campaign only from the query string: the part after the first "?" and before any "#". A link such as /offer&utm_source=newsletter (no "?") or /offer#utm_source=newsletter looks tagged, but GA4 sees no campaign at all: the visit is reported as direct or referral and the campaign gets no credit. Some servers also answer such paths with a 404.',
    howToFix:
      'Start the query string with "?" and join parameters with "&": path?utm_source=...&utm_medium=...&utm_campaign=.... Put any "#section" anchor after the parameters, never before them. Rebuild the link with the GA4 campaign URL builder and fix the template in the tool that produced it (email platform, ad final URL suffix, CMS link field).',
    exampleWrong:
      "https://www.example.com/spring-offer&utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/spring-offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    const { values, starts, ids } = data.column("landingPagePlusQueryString");
    const glances = landingGlances(data);
    for (let v = 0; v < values.length; v++) {
      // Every "utm" is a parameter name in the query.
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (((glances[v] as number) & GLANCE.irregular) === 0) continue;
      const landing = values[v] as string;
      // Irregular pages are mostly ones with a "%" in a value, whose "utm"s are all in the query.
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (!isUserValue(landing) || !mayMisplace(landing)) continue;
      const misplaced = findMisplaced(landing);
      if (!misplaced) continue;
      const where = misplaced.place === "fragment" ? 'after "#"' : "in the path";
      findings.addIds(
        `path:${pathKey(misplaced.path)}`,
        `UTM parameters ${where} of ${misplaced.path}, not in the query string`,
        ids,
        starts[v] as number,
        starts[v + 1] as number,
        { values: [landing], field: "landingPagePlusQueryString" },
      );
    }
  },
});

/**
 * Whether the landing value may have a misplaced "utm_...=" (`findMisplaced`): it says "utm"
 * before its first "?" (or has no "?"), or it has a "#". Without a "#", the path is the text
 * before the first "?" (turning "&amp;" back into "&" moves no "?" and makes no "utm"), so a value
 * whose first "utm" is after it has none in the path and no fragment. Told without a copy.
 */
export function mayMisplace(landing: string): boolean {
  MENTION.lastIndex = 0;
  if (!MENTION.test(landing)) return false;
  if (landing.includes("#")) return true;
  const queryAt = landing.indexOf("?");
  // Both "utm"s are three characters: the first starts three before where the test ended.
  return queryAt < 0 || MENTION.lastIndex - 3 < queryAt;
}

/** Where the first misplaced "utm_...=" sits, and the path up to it; undefined when none is. */
export function findMisplaced(landing: string): { path: string; place: Place } | undefined {
  // "&#038;" is an escaped "&", not the start of a fragment: malformed-query reports it.
  const url = parseLanding(unescapeHtmlAmpersands(landing));
  const inPath = UTM_TOKEN.exec(url.path);
  if (inPath) {
    // Stryker disable next-line StringLiteral: place is only compared with "fragment"; the "/" is pinned
    return { path: url.path.slice(0, inPath.index) || "/", place: "path" };
  }
  // Stryker disable next-line ConditionalExpression: "#null" holds no UTM
  if (url.fragment !== null && UTM_TOKEN.test(`#${url.fragment}`)) {
    return { path: url.path || "/", place: "fragment" };
  }
  return undefined;
}
