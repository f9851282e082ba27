/**
 * Facts about landing-page URLs shared by the URL-structure checks: the UTM parameter names GA4
 * reads (ga4-protocol.md §6.1), decoding, and the form a path takes in a finding key.
 */
import type { AuditData, Column } from "../core/audit-data.ts";
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

/**
 * What one look at a landing value tells of its UTM parameters, as bits (`utmGlance`). Checks
 * that read every landing page (issue 24: at high cardinality nearly one per row) skip a value
 * the glance clears instead of parsing it, each check again.
 */
export const GLANCE = {
  /** The value says "utm" or "umt", in any case, somewhere. */
  mentions: 1,
  /**
   * Not every such mention is a recognised parameter's name, written exactly, at the start of a
   * query parameter and ended by "=", "&" or the end of the query; or the value has a "%"
   * anywhere but in a query parameter's value (after its "=").
   */
  irregular: 2,
  /** A recognised name is written twice. */
  repeated: 4,
  /**
   * A recognised name is written without a value, or with one that may be blank once decoded:
   * "=" and then only "+", spaces, controls or characters beyond ASCII up to "&", "#", the end
   * or a "%". Read, as the names are, only when the glance is not `irregular`.
   */
  blank: 1 << 12,
} as const;

/** The recognised names in a fixed order: bit `8 << i` of a glance is `GLANCE_NAMES[i]` present. */
const GLANCE_NAMES = [...UTM_PARAMETER_NAMES];
const GLANCE_NAME_BIT = new Map(GLANCE_NAMES.map((name, index) => [name, 8 << index]));
const MENTION = /u(?:tm|mt)/gi;

/** The glance bit of a recognised name's presence ("utm_source"). */
export function glanceNameBit(name: string): number {
  const bit = GLANCE_NAME_BIT.get(name);
  if (bit === undefined) throw new Error(`${name} is not a recognised UTM parameter`);
  return bit;
}

/**
 * One look at a landing value: `GLANCE` bits, and a bit per recognised name present. When the
 * value mentions UTM and is not `irregular`, its recognised parameters are exactly the name bits
 * (the names `parseLanding` reads), no other parameter name mentions UTM, and a "%" is only
 * ever in a parameter's value: no name, path or fragment is percent-encoded.
 */
export function utmGlance(value: string): number {
  // `test` rather than `exec`: no match object a mention (this runs for every landing page). Both
  // spellings are three characters long, so a mention starts three before `lastIndex`.
  MENTION.lastIndex = 0;
  if (!MENTION.test(value)) return 0;
  let bits = GLANCE.mentions;
  const hashAt = value.indexOf("#");
  const end = hashAt >= 0 ? hashAt : value.length;
  const queryAt = value.indexOf("?");
  // A "%" in a value ("spring%20sale") hides no name; anywhere else it may.
  if (value.includes("%") && !percentsInValues(value, queryAt, end)) {
    return bits | GLANCE.irregular;
  }
  for (let found = true; found; found = MENTION.test(value)) {
    const at = MENTION.lastIndex - 3;
    const bit = queryAt >= 0 && at > queryAt && at < end ? nameAt(value, at, queryAt, end) : 0;
    if (bit === 0) return bits | GLANCE.irregular;
    if ((bits & bit) !== 0) bits |= GLANCE.repeated;
    bits |= bit;
    if (blankAfter(value, nameEnd)) bits |= GLANCE.blank;
  }
  return bits;
}

/**
 * Whether every "%" of the value is in the value of a query parameter: after the "=" of its
 * "&"-separated piece of the query (from `queryAt`, the first "?", up to `end`, the first "#").
 */
function percentsInValues(value: string, queryAt: number, end: number): boolean {
  for (let at = value.indexOf("%"); at >= 0; at = value.indexOf("%", at + 1)) {
    if (queryAt < 0 || at < queryAt || at >= end) return false;
    const pieceAt = Math.max(value.lastIndexOf("&", at), queryAt) + 1;
    const equalsAt = value.indexOf("=", pieceAt);
    if (equalsAt < 0 || equalsAt > at) return false;
  }
  return true;
}

/**
 * Whether the name ending at `to` has no value or one that may be blank once decoded: after its
 * "=", "+", ASCII spaces or controls and characters beyond ASCII (some are whitespace) only, up to
 * "&", "#", the end or a "%" (which may encode a blank).
 */
function blankAfter(value: string, to: number): boolean {
  let at = to;
  if (value.charCodeAt(at) === 0x3d) {
    for (at++; at < value.length; at++) {
      const code = value.charCodeAt(at);
      // "%20" may be a blank: the check that reads the bit decodes the value itself.
      if (code === 0x25) return true;
      if (!isMaybeBlank(code)) break;
    }
  }
  if (at >= value.length) return true;
  const next = value.charCodeAt(at);
  return next === 0x26 || next === 0x23;
}

/** "+", an ASCII space or control, or any character beyond ASCII (some are whitespace). */
function isMaybeBlank(code: number): boolean {
  return code === 0x2b || code <= 0x20 || code > 0x7e;
}

/** Whether `code` continues a recognised parameter name: a-z or `_`. */
function isNameChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** Where the name `nameAt` last read ends (a module variable: no object a name). */
let nameEnd = 0;

/**
 * The name bit of the recognised parameter whose name starts at `at` in the query (from
 * `queryAt`, ending at `end`), written exactly and ended by "=", "&" or the query's end; else 0.
 * Where the name ends is left in `nameEnd`. The name is matched as it is read, a character at a
 * time through `NAME_STEPS` (no second pass to compare it with the names of its length).
 */
function nameAt(value: string, at: number, queryAt: number, end: number): number {
  if (at - 1 !== queryAt && value.charCodeAt(at - 1) !== 0x26) return 0;
  let to = at;
  let state = 1;
  for (; to < end; to++) {
    const code = value.charCodeAt(to);
    if (!isNameChar(code)) break;
    state = NAME_STEPS[state * NAME_CHARS + (code === 0x5f ? 0 : code - 0x60)] as number;
  }
  nameEnd = to;
  if (to < end) {
    const next = value.charCodeAt(to);
    if (next !== 0x3d && next !== 0x26) return 0;
  }
  return NAME_BITS[state] as number;
}

/** The characters a recognised name is made of: "_" (0) and "a" to "z" (1 to 26). */
const NAME_CHARS = 27;

/**
 * The recognised names as a tree of states, one a prefix of some name: the state after
 * `state` and a character is `NAME_STEPS[state * NAME_CHARS + char]`, 0 once no name can follow
 * (0 leads only to 0). The reading starts at state 1; `NAME_BITS` is the glance bit of the name
 * a state completes, 0 for none.
 */
const { steps: NAME_STEPS, bits: NAME_BITS } = (() => {
  const next: number[][] = [[], []];
  const ends: number[] = [0, 0];
  for (const [name, bit] of GLANCE_NAME_BIT) {
    let state = 1;
    for (const char of name) {
      const index = char === "_" ? 0 : char.charCodeAt(0) - 0x60;
      let to = (next[state] as number[])[index];
      if (to === undefined) {
        to = next.length;
        next.push([]);
        ends.push(0);
        (next[state] as number[])[index] = to;
      }
      state = to;
    }
    ends[state] = bit;
  }
  const steps = new Int32Array(next.length * NAME_CHARS);
  next.forEach((row, state) => {
    row.forEach((to, index) => {
      steps[state * NAME_CHARS + index] = to;
    });
  });
  return { steps, bits: Int32Array.from(ends) };
})();

/** The bits of a glance that are recognised names present. */
export const GLANCE_NAME_MASK = ~(
  GLANCE.mentions |
  GLANCE.irregular |
  GLANCE.repeated |
  GLANCE.blank
);

/**
 * The value as written of the first `name` parameter of a landing value whose glance mentions
 * UTM and is not irregular (`name` one of the recognised names); undefined when it has none.
 */
export function glancedParam(value: string, glance: number, name: string): string | undefined {
  if ((glance & glanceNameBit(name)) === 0) return undefined;
  // Not irregular: every mention of "utm" starts a parameter's name, so the first mention of the
  // name not followed by more of a name (utm_source_platform) is the parameter.
  let at = value.indexOf(name);
  for (;;) {
    at += name.length;
    if (!isNameChar(value.charCodeAt(at))) break;
    at = value.indexOf(name, at);
  }
  if (value.charCodeAt(at) !== 0x3d) return "";
  let to = value.indexOf("&", at);
  const hashAt = value.indexOf("#", at);
  if (to < 0 || (hashAt >= 0 && hashAt < to)) to = hashAt;
  return value.slice(at + 1, to < 0 ? value.length : to);
}

/** `utmGlance` of each value of the landing column, in column order, made once per audit. */
export function landingGlances(data: AuditData): Uint16Array {
  return data.derived("landing-glances", () => {
    const column = data.column("landingPagePlusQueryString");
    return factsByShape(column, new Uint16Array(column.values.length), utmGlance);
  });
}

/**
 * `fact` of each value of a column into `facts` (value `v`'s at `v`), found once a shape when
 * the column has its values' shapes (`Column.shapes`), else once a value; `facts` returned.
 *
 * A value's shape is its text with each run of ASCII digits written as one "0", unless the
 * character before the run is "%" (a percent-encoding, kept as written). Landing pages that
 * differ only in their numbers (/products/item-21952?utm_source=x&ref=31) have one shape, and
 * a fact that reads no digit but as a digit (not which digit, nor how many in a row) is the
 * same for every value of a shape: the glance (`utmGlance`), whether a click id's name or a
 * personal parameter's is there, the marks of a malformed query. At high cardinality nearly
 * every landing page is a value of its own, and those facts were most of the checks' time.
 */
export function factsByShape<T extends Uint8Array | Uint16Array>(
  column: Column,
  facts: T,
  fact: (value: string) => number,
): T {
  const { values, shapes, shapeCount } = column;
  if (!shapes || shapeCount === undefined) {
    for (let v = 0; v < values.length; v++) facts[v] = fact(values[v] as string);
    return facts;
  }
  /** Each shape's fact + 1, 0 until found. */
  const byShape = new Int32Array(shapeCount);
  for (let v = 0; v < values.length; v++) {
    const shape = shapes[v] as number;
    if (shape < 0) {
      facts[v] = fact(values[v] as string);
      continue;
    }
    let known = byShape[shape] as number;
    if (known === 0) {
      known = fact(values[v] as string) + 1;
      byShape[shape] = known;
    }
    facts[v] = known - 1;
  }
  return facts;
}
