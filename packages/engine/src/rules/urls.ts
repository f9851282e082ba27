/**
 * Facts about landing-page URLs shared by the URL-structure checks: the UTM parameter names GA4
 * reads (ga4-protocol.md §6.1), decoding, and the form a path takes in a finding key.
 */
import { parseLanding, type QueryParam } from "../core/values.ts";

/** Every campaign parameter GA4 recognises, lower-case as GA4 reads them (§6.1, §6.2). */
export const UTM_PARAMETER_NAMES: ReadonlySet<string> = new Set([
  "utm_id",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_source_platform",
  "utm_term",
  "utm_content",
  "utm_creative_format",
  "utm_marketing_tactic",
]);

/** Cheap pre-filter: a landing value that never says "utm" cannot carry a UTM problem. */
const MENTIONS_UTM = /utm/i;
const HTML_AMPERSAND = /&(?:amp|#0*38|#x0*26);/gi;
const TRAILING_SLASHES = /\/+$/;

export function mentionsUtm(value: string): boolean {
  return MENTIONS_UTM.test(value);
}

/** "&amp;" / "&#038;" written into a link by a CMS, turned back into the "&" that was meant. */
export function unescapeHtmlAmpersands(value: string): string {
  return value.replace(HTML_AMPERSAND, "&");
}

/** Percent-decodes a query component ("+" is a space), leaving it as written when malformed. */
export function decodeComponent(value: string): string {
  if (!value.includes("%") && !value.includes("+")) return value;
  const spaced = value.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** True for a parameter GA4 reads as a campaign parameter: one of the names, exactly. */
export function isUtmParam(param: QueryParam): boolean {
  return UTM_PARAMETER_NAMES.has(param.name);
}

/**
 * The UTM values a landing URL carries, decoded, by parameter name (first occurrence wins), for
 * checks that need to know what the link itself said.
 */
export function landingUtms(value: string): ReadonlyMap<string, string> {
  const utms = new Map<string, string>();
  if (!mentionsUtm(value)) return utms;
  for (const param of parseLanding(value).params) {
    if (isUtmParam(param) && !utms.has(param.name)) {
      utms.set(param.name, decodeComponent(param.value));
    }
  }
  return utms;
}

/** The form of a path in a finding key: lower-case, without trailing slashes ("/" for the root). */
export function pathKey(path: string): string {
  const key = path.trim().toLowerCase().replace(TRAILING_SLASHES, "");
  return key === "" ? "/" : key;
}
