// Detects UTM values that swallowed part of the link: other parameters (google&utm_medium=cpc),
// a second query string (sale?utm_medium=email) or a fragment (sale#pricing). The swallowed
// parameters are lost to GA4, so the sessions miss their medium, campaign or source.
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  fieldTitle,
  quote,
  userValuesByParam,
  withoutMacros,
} from "../rules/hygiene.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];

// A UTM or click-id parameter written into the value: the clearest sign of a broken link.
const TRACKING_PARAM =
  /(?:utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|mc_cid|mc_eid|_gl)\s*=/gi;
// name=value at the start of the value or after ?, &, # or ; ("size=large", "x?ref=abc").
// "YWJjZA==" (base64 padding) has no value after its "=".
const KEY_VALUE = /(?:^|[?&#;])[A-Za-z_][\w.[\]-]*=[^=]/;
// A "?" or "#" pressed between word characters: a query string or fragment glued to the value.
// "Why wait?", "#blackfriday" and "C#" pass ("#" needs two letters or digits before it).
const QUESTION_MARK = /[\p{L}\p{N}_-]\?[\p{L}\p{N}_]/u;
const FRAGMENT = /[\p{L}\p{N}]{2}#[\p{L}\p{N}_/-]/u;
const URL_PUNCTUATION = /[?&=#]/;

export const queryStringInValue = defineCheck({
  id: "query-string-in-value",
  title: "UTM values containing part of the URL",
  severity: "critical",
  description:
    'A UTM value contains "?", "&", "=", "#" or another utm_ parameter: the link was malformed, so GA4 read the rest of the URL as part of one value.',
  guide: {
    whyItMatters:
      'When a link contains a second "?" or an encoded "&" (%26), GA4 reads everything up to the next real "&" as one value: utm_source becomes "google&utm_medium=cpc", and the medium, campaign or content that were swallowed are missing. The sessions fall out of their channel (often into Unassigned), the campaign reports lose them, and the source list fills with one-off values.',
    howToFix:
      'Open the links behind these values and rebuild them with a single "?" before the first parameter and "&" between parameters; do not encode the "&" and "=" of the query string. When the landing page already has a query string (?color=red), append the UTMs with "&", not a second "?". Put any #anchor after all parameters, and check link templates in ad platforms and email tools that append parameters on their own.',
    exampleWrong:
      "https://www.example.com/shoes?utm_source=newsletter?utm_medium=email&utm_campaign=spring_sale%26utm_content=hero",
    exampleCorrect:
      "https://www.example.com/shoes?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=hero",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      for (const stats of values) {
        // Stryker disable next-line ConditionalExpression: a shortcut
        if (!URL_PUNCTUATION.test(stats.value)) continue;
        const problem = swallowed(withoutMacros(stats.value));
        if (!problem) continue;
        findings.addValue(
          `${param}:${stats.value}`,
          `${fieldTitle(dimension)} ${quote(stats.value)} contains ${problem}`,
          dimension,
          stats,
          { values: [stats.value], field: dimension },
        );
      }
    }
  },
});

/** What part of a URL the value holds, or undefined when it holds none. */
function swallowed(value: string): string | undefined {
  const names = [...value.matchAll(TRACKING_PARAM)].map((match) =>
    match[0].replace("=", "").trim().toLowerCase(),
  );
  if (names.length > 0) return `the parameter${names.length > 1 ? "s" : ""} ${names.join(", ")}`;
  if (KEY_VALUE.test(value)) return "a name=value pair from a query string";
  if (QUESTION_MARK.test(value)) return 'a "?" that starts a query string';
  if (FRAGMENT.test(value)) return 'a "#" fragment';
  return undefined;
}
