// Detects UTM values that still carry URL or text encoding: percent codes (%20, double-encoded
// %2520), "+" used for a space, HTML entities (&amp;) and mojibake (Ã©, â€™). They show the link
// was encoded twice or built by a broken tool, and GA4 reports them as names of their own.
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  fieldTitle,
  fixChangesAnyChannel,
  quote,
  userValuesByParam,
  withoutMacros,
} from "../rules/hygiene.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];

// Only codes for characters a browser or URL builder would encode (space, punctuation, control
// characters, UTF-8 sequences), so "50%OFF" or "100%EFFECTIVE" are not read as codes.
const DOUBLE_ENCODED = /%25(?:[0-9A-F]{2})/i;
const PERCENT_CODE =
  /%(?:0[9AD]|2[0-9A-F]|3[A-F]|40|5[B-F]|60|7[B-E])|%[C-F][0-9A-F]%[89AB][0-9A-F]/i;
// "spring+sale": a "+" between words, as HTML forms encode a space. "google+", "Disney+" and
// "C++" have nothing after the "+" or too little around it.
const PLUS_AS_SPACE = /\p{L}{2}\+[\p{L}\p{N}]|[\p{L}\p{N}]\+\p{L}{2}/u;
const PLUS_ALL = /\+/g;
const HTML_ENTITY = /&(?:amp|quot|lt|gt|apos|nbsp|#\d{2,5}|#x[0-9a-f]{2,4});/i;
// UTF-8 read as Latin-1 or Windows-1252: a lead byte shown as Ã, Â… followed by continuation
// bytes shown as symbols (é → Ã©, ’ → â€™, п → Ð¿), or U+FFFD where bytes were lost.
const CP1252_CONTINUATION =
  "\\u0080-\\u00bf\\u20ac\\u201a\\u0192\\u201e\\u2026\\u2020\\u2021\\u02c6\\u2030\\u0160\\u2039\\u0152\\u017d\\u2018\\u2019\\u201c\\u201d\\u2022\\u2013\\u2014\\u02dc\\u2122\\u0161\\u203a\\u0153\\u017e\\u0178";
const MOJIBAKE = new RegExp(
  [
    `[ÂÃ][${CP1252_CONTINUATION}]`,
    // Other two-byte leads (Polish Å‚, Cyrillic Ð¿): Latin-1 symbols only, so "JOSÉ’S" passes.
    "[ÄÅÎÏÐÑØÙ][\\u0080-\\u009f\\u00a1-\\u00bf]",
    `[à-ï][${CP1252_CONTINUATION}]{2}`,
    "\\ufffd",
  ].join("|"),
  "u",
);
// Every artifact above has one of these: most values are ruled out by one test.
const MAY_HOLD_ARTIFACT = /[%+&\\\u0080-\uffff]/;
const AMP_ENTITY = /&amp;/gi;
const ESCAPE_SEQUENCE = /\\u[0-9a-f]{4}|\\x[0-9a-f]{2}/i;

interface Artifact {
  describe: string;
  found: RegExp;
}

const ARTIFACTS: readonly Artifact[] = [
  { describe: "double percent-encoding", found: DOUBLE_ENCODED },
  { describe: "percent-encoding left in", found: PERCENT_CODE },
  { describe: '"+" in place of spaces', found: PLUS_AS_SPACE },
  { describe: "an HTML entity", found: HTML_ENTITY },
  { describe: "garbled characters (mojibake)", found: MOJIBAKE },
  { describe: "escaped character codes", found: ESCAPE_SEQUENCE },
];

export const encodingArtifacts = defineCheck({
  id: "encoding-artifacts",
  title: "Encoding left in UTM values",
  severity: "warning",
  severityWhen: [
    { severity: "critical", when: "decoding the value would change the session's channel" },
  ],
  description:
    "UTM values contain percent codes, plus signs for spaces, HTML entities or garbled characters, left by links that were encoded twice or built by a tool with the wrong character set.",
  guide: {
    whyItMatters:
      'GA4 decodes a link once. When the link was encoded twice (a URL builder output pasted into a tool that encodes it again), the report shows spring%20sale instead of "spring sale"; a "+" meant as a space can reach the report as a literal "+", an email tool may write &amp;, and a wrong character set turns é into Ã©. Each broken spelling is a separate campaign or source in GA4, nobody searches for it, and a source or medium that no longer matches the channel rules ends up in the wrong channel or Unassigned.',
    howToFix:
      "Build each link once and paste it as is: do not run finished links through another encoder, shortener template or spreadsheet formula that encodes again. Prefer values without spaces or special characters (spring_sale rather than spring sale or été), so there is nothing to encode. Make sure your email and ad tools save templates in UTF-8, then correct the affected templates.",
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring%2520sale&utm_content=caf%C3%83%C2%A9",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=cafe",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      for (const stats of values) {
        const found = encodingArtifactsIn(stats.value);
        if (found.length === 0) continue;
        const fixed = decodeArtifacts(stats.value);
        // Each of the value's rows judged by value id, not as an object.
        const misgrouped = fixChangesAnyChannel(data, dimension, [stats], param, fixed);
        findings.addValue(
          `${param}:${stats.value}`,
          `${fieldTitle(dimension)} ${quote(stats.value)} has ${found.join(" and ")}${misgrouped ? ", which changes the channel" : ""}`,
          dimension,
          stats,
          {
            values: [stats.value],
            field: dimension,
            ...(misgrouped ? { severity: "critical" as const } : {}),
          },
        );
      }
    }
  },
});

/** The encoding artifacts a value holds, described ("double percent-encoding"); empty if none. */
export function encodingArtifactsIn(value: string): string[] {
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (!MAY_HOLD_ARTIFACT.test(value)) return [];
  // A macro's own syntax (%%jobid%%, %7Bkeyword%7D) belongs to unreplaced-macro.
  const text = withoutMacros(value);
  return ARTIFACTS.filter(
    // %2520 also holds a percent code: say it once, as double encoding.
    (artifact) =>
      artifact.found.test(text) && !(artifact.found === PERCENT_CODE && DOUBLE_ENCODED.test(text)),
  ).map((artifact) => artifact.describe);
}

/** What the value was meant to be, as far as decoding can tell (mojibake is left as is). */
export function decodeArtifacts(value: string): string {
  let out = PLUS_AS_SPACE.test(value) ? value.replace(PLUS_ALL, " ") : value;
  for (let i = 0; i < 3 && PERCENT_CODE.test(out); i += 1) {
    try {
      out = decodeURIComponent(out);
      // Stryker disable next-line BlockStatement: a shortcut; the same text fails to decode again
    } catch {
      break;
    }
  }
  return out.replace(AMP_ENTITY, "&");
}
