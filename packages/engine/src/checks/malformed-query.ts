// Detects tagged landing URLs whose query string is broken: a second "?", "&amp;" written by a CMS,
// ";" or percent-encoded "&" between parameters, spaces in parameter names, empty "&" slots.
// Most of these make GA4 read a parameter under the wrong name or inside another one's value.
import { defineCheck } from "../core/check.ts";
import type { Severity } from "../core/types.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import {
  decodeComponent,
  GLANCE,
  landingGlances,
  mentionsUtm,
  pathKey,
  unescapeHtmlAmpersands,
} from "../rules/urls.ts";

type Defect = "question-mark" | "html-escaped" | "semicolon" | "encoded" | "space" | "empty";

const SECOND_QUESTION_MARK = /\?[^?#&=\s]+=/;
const HTML_ESCAPED = /&(?:amp|#0*38|#x0*26);|%26amp%3b/i;
const SWALLOWED_UTM = /\?\s*utm_/i;
const SEMICOLON_UTM = /;\s*utm_/i;
const ENCODED_UTM_SEPARATOR = /%(?:25)*(?:26|3f)\s*utm_/i;
const ENCODED_EQUALS = /%(?:25)*3d/i;
const UTM_NAME_START = /^utm/i;
const WHITESPACE = /\s/;
const ALL_WHITESPACE = /\s+/g;
/**
 * What every defect needs somewhere in the URL, so a URL without any is well formed at a glance:
 * ";" (semicolon), whitespace, "+" or "%" (a spaced or encoded name, an encoded separator or
 * "&amp;" encoded), "&amp;" or "&#" (HTML-escaped), an empty "&" slot; a second "?" before "#"
 * is looked for apart (`isSuspect`).
 */
const SUSPECT_MARK = /[;\s+%]|&(?:amp|[#&]|$)|\?&/i;

const DEFECTS: Record<Defect, { title: (path: string) => string; severity?: Severity }> = {
  "question-mark": {
    title: (path) => `Several "?" in the query of ${path}: parameters after the second are lost`,
  },
  "html-escaped": {
    title: (path) => `HTML-escaped "&amp;" between the parameters of ${path}`,
  },
  semicolon: {
    title: (path) => `Parameters joined with ";" instead of "&" on ${path}`,
  },
  encoded: {
    title: (path) => `Percent-encoded "&", "?" or "=" inside the UTM parameters of ${path}`,
  },
  space: {
    title: (path) => `Spaces in UTM parameter names on ${path}`,
  },
  // An empty slot loses nothing by itself; it usually marks a template field that came out empty.
  empty: {
    title: (path) => `Empty "&" separators in the query of ${path}`,
    severity: "info",
  },
};

export const malformedQuery = defineCheck({
  id: "malformed-query",
  title: "Malformed query strings on tagged landing pages",
  severity: "warning",
  severityWhen: [
    {
      severity: "info",
      when: 'the defect is an empty "&" separator, which loses nothing by itself',
    },
  ],
  description:
    'Tagged landing URLs have broken query strings (a second "?", "&amp;", ";" or encoded separators, spaces in names), so GA4 can misread or drop UTM parameters.',
  guide: {
    whyItMatters:
      'GA4 splits the query string on "&" and "=" after the first "?". In /offer?utm_source=newsletter?utm_medium=email the medium becomes part of the source value ("newsletter?utm_medium=email") and no medium is recorded. "&amp;" written by a CMS or email editor turns utm_medium into a parameter named "amp;utm_medium" that GA4 ignores; ";" or an encoded "%26" glues two parameters into one value; a space in a name makes it unrecognisable. The sessions then land in the wrong channel or in Unassigned.',
    howToFix:
      'Write exactly one "?" and separate parameters with a plain "&": ?utm_source=...&utm_medium=...&utm_campaign=.... Paste links as plain text in your email or CMS editor (not as HTML-escaped text), do not URL-encode a link twice when it passes through a redirect or an ad platform\'s tracking template, and remove spaces from parameter names. Test the final link: GA4\'s Realtime report should show the source and medium you intended.',
    exampleWrong:
      "https://www.example.com/offer?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    const { values, starts, ids, shapes, shapeCount } = data.column("landingPagePlusQueryString");
    // The shared glance tells most values without "utm" apart before any regex of this check.
    const glances = landingGlances(data);
    // Whether each shape of landing page may be malformed (1 yes, 2 no, 0 not yet known): "utm",
    // the glance and the marks a defect needs read no digit but as a digit, and a shape keeps
    // the digits of a percent-encoding ("%26"), so they are the same for a shape's values.
    const known = shapes ? new Uint8Array(shapeCount ?? 0) : undefined;
    for (let v = 0; v < values.length; v++) {
      const glance = glances[v] as number;
      // Stryker disable next-line ConditionalExpression: a shortcut: mentionsUtm says the same
      if ((glance & GLANCE.mentions) === 0) continue;
      const landing = values[v] as string;
      if (!isUserValue(landing)) continue;
      const shape = shapes ? (shapes[v] as number) : -1;
      let mark = known && shape >= 0 ? (known[shape] as number) : 0;
      if (mark === 0) {
        mark = mentionsUtm(landing) && mayBeMalformed(landing, glance) ? 1 : 2;
        if (known && shape >= 0) known[shape] = mark;
      }
      // Stryker disable next-line ConditionalExpression: a shortcut: defectsOf finds nothing there
      if (mark === 2) continue;
      const found = defectsOf(landing);
      if (!found) continue;
      const from = starts[v] as number;
      const to = starts[v + 1] as number;
      for (const defect of found.defects) {
        const spec = DEFECTS[defect];
        const title = spec.title(found.path);
        findings.addIds(`${defect}:${pathKey(found.path)}`, title, ids, from, to, {
          values: [landing],
          severity: spec.severity ?? "warning",
          field: "landingPagePlusQueryString",
        });
      }
    }
  },
});

/**
 * The defects of one landing value and its path, or undefined when its query is well formed;
 * `glance` first rules out URLs without anything suspect (exported for the test that the glance
 * never hides a defect).
 */
export function defectsOf(
  landing: string,
  glance = true,
): { path: string; defects: Defect[] } | undefined {
  if (glance && !isSuspect(landing)) return undefined;
  const defects: Defect[] = [];
  if (HTML_ESCAPED.test(landing)) defects.push("html-escaped");
  // The rest is judged on the URL as it was meant, so one "&amp;" is not also a ";" or a "#".
  const url = parseLanding(unescapeHtmlAmpersands(landing));
  const query = url.query;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: no query, no defect
  if (query === null || query === "") return finish(url.path, defects);
  if (SEMICOLON_UTM.test(query)) defects.push("semicolon");
  let swallowed = false;
  let encoded = false;
  let spaced = false;
  for (const param of url.params) {
    const name = decodeComponent(param.name);
    const utmNamed = UTM_NAME_START.test(name.replace(ALL_WHITESPACE, ""));
    // A "?" inside a UTM value, or one that hides a UTM parameter inside another value; an
    // unencoded URL in a redirect parameter (?next=/a?b=1) loses no campaign data.
    if (SECOND_QUESTION_MARK.test(param.value) && (utmNamed || SWALLOWED_UTM.test(param.value))) {
      swallowed = true;
    }
    if (!utmNamed) continue;
    if (WHITESPACE.test(name)) spaced = true;
    if (ENCODED_EQUALS.test(param.name) || ENCODED_UTM_SEPARATOR.test(param.raw)) encoded = true;
  }
  if (swallowed) defects.push("question-mark");
  if (encoded) defects.push("encoded");
  if (spaced) defects.push("space");
  if (query.startsWith("&") || query.includes("&&") || query.endsWith("&")) defects.push("empty");
  return finish(url.path, defects);
}

function finish(path: string, defects: Defect[]): { path: string; defects: Defect[] } | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: no defect, no finding
  return defects.length > 0 ? { path: path || "/", defects } : undefined;
}

/**
 * What a defect needs in a URL whose glance (`utmGlance`) is regular, beyond a second "?": "&amp;",
 * "&#" or "%26amp%3b" (HTML-escaped), or an empty "&" slot. Such a URL has no ";", "%" or
 * whitespace before a "utm" name and no "%" in a name, so neither a semicolon nor an encoded
 * separator; a space is a defect only in a name (`spaceInName`).
 */
const REGULAR_SUSPECT_MARK = /&(?:amp|[#&]|$)|\?&|%26amp%3b/i;
const SPACE_OR_PLUS = /[\s+]/;

/**
 * Whether `defectsOf` may find a defect in the URL, read with its glance: a regular glance rules
 * out most of what `isSuspect` looks for (a "%" in a value, as in "spring%20sale", or a space in
 * one, as in "(not set)", is no defect), so such a URL is looked at closer only when it has
 * `REGULAR_SUSPECT_MARK`, a second "?" or a space or "+" in a parameter's name.
 */
export function mayBeMalformed(landing: string, glance: number): boolean {
  if ((glance & GLANCE.mentions) === 0 || (glance & GLANCE.irregular) !== 0) {
    return isSuspect(landing);
  }
  if (REGULAR_SUSPECT_MARK.test(landing) || hasSecondQuestionMark(landing)) return true;
  return SPACE_OR_PLUS.test(landing) && spaceInName(landing);
}

/**
 * Whether a name in the query (before the first "=" of an "&"-separated piece, from the first
 * "?" to the first "#") has a "+", an ASCII space or control, or a character beyond ASCII: what
 * may read as whitespace once the name is decoded.
 */
function spaceInName(landing: string): boolean {
  const queryAt = landing.indexOf("?");
  if (queryAt < 0) return false;
  const hashAt = landing.indexOf("#", queryAt);
  const end = hashAt < 0 ? landing.length : hashAt;
  let inName = true;
  for (let at = queryAt + 1; at < end; at++) {
    const code = landing.charCodeAt(at);
    if (code === 0x26) inName = true;
    else if (code === 0x3d) inName = false;
    else if (inName && (code === 0x2b || code <= 0x20 || code > 0x7e)) return true;
  }
  return false;
}

/**
 * Whether the URL has anything a defect needs (`SUSPECT_MARK`, or a "?" after another with no
 * "#" between them). The second "?" is looked for with `indexOf`: as a pattern (`\?[^#]*\?`) it
 * was read to the end of the URL from every "?", and cost more than the rest of the test.
 */
export function isSuspect(landing: string): boolean {
  return SUSPECT_MARK.test(landing) || hasSecondQuestionMark(landing);
}

/** Whether a "?" comes after another with no "#" between them. */
function hasSecondQuestionMark(landing: string): boolean {
  for (let at = landing.indexOf("?"); at >= 0; ) {
    const next = landing.indexOf("?", at + 1);
    if (next < 0) return false;
    const hashAt = landing.indexOf("#", at + 1);
    if (hashAt < 0 || hashAt > next) return true;
    at = next;
  }
  return false;
}
