// Detects UTM values with characters that do not belong there: anything outside plain ASCII in
// utm_source, utm_medium and utm_id (labels the channel rules and data imports match exactly), and
// invisible characters or curly quotes in campaign, term and content names, which make two values
// look identical in a report while GA4 counts them apart.
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { fieldTitle, taggedValues, UTM_VALUE_DIMENSIONS } from "../rules/values-extra.ts";

/**
 * Source, medium and ID are codes: GA4's channel rules compare them with ASCII lists (email,
 * cpc, facebook) and cost-data import matches utm_id exactly, so any other character is an error.
 */
const STRICT: ReadonlySet<UtmParam> = new Set(["source", "medium", "id"]);
/**
 * Campaign, term and content are names, written in the marketer's language: café_promo, 春のセール
 * and emoji are deliberate and readable, so only characters nobody chooses on purpose are flagged.
 */
const PARAMS: readonly UtmParam[] = ["source", "medium", "id", "campaign", "term", "content"];

/** Invisible or look-alike characters, with the name a marketer can search for. */
const INVISIBLE = new Map<number, string>([
  [0x00a0, "non-breaking space"],
  [0x00ad, "soft hyphen"],
  [0x061c, "Arabic letter mark"],
  [0x180e, "Mongolian vowel separator"],
  [0x2000, "en quad space"],
  [0x2001, "em quad space"],
  [0x2002, "en space"],
  [0x2003, "em space"],
  [0x2004, "three-per-em space"],
  [0x2005, "four-per-em space"],
  [0x2006, "six-per-em space"],
  [0x2007, "figure space"],
  [0x2008, "punctuation space"],
  [0x2009, "thin space"],
  [0x200a, "hair space"],
  [0x200b, "zero-width space"],
  [0x200c, "zero-width non-joiner"],
  [0x200d, "zero-width joiner"],
  [0x200e, "left-to-right mark"],
  [0x200f, "right-to-left mark"],
  [0x2028, "line separator"],
  [0x2029, "paragraph separator"],
  [0x202a, "left-to-right embedding"],
  [0x202b, "right-to-left embedding"],
  [0x202c, "pop directional formatting"],
  [0x202d, "left-to-right override"],
  [0x202e, "right-to-left override"],
  [0x202f, "narrow no-break space"],
  [0x205f, "medium mathematical space"],
  [0x2060, "word joiner"],
  [0x2061, "invisible function application"],
  [0x2062, "invisible times"],
  [0x2063, "invisible separator"],
  [0x2064, "invisible plus"],
  [0x2066, "left-to-right isolate"],
  [0x2067, "right-to-left isolate"],
  [0x2068, "first strong isolate"],
  [0x2069, "pop directional isolate"],
  [0xfeff, "byte-order mark"],
]);
/**
 * Joiners and direction marks are part of correct Persian, Indic and Hebrew text and of emoji
 * sequences (👩‍💻): they are only a mistake at either end of a value or next to a Latin character.
 */
const CONTEXTUAL = new Set([0x200c, 0x200d, 0x200e, 0x200f, 0x061c]);
/** Word processors' and phones' autocorrect quotes: mother’s_day and mother's_day split. */
const CURLY_QUOTES = new Set([
  0x2018, 0x2019, 0x201a, 0x201b, 0x201c, 0x201d, 0x201e, 0x201f, 0x2032, 0x2033,
]);
const PLAIN = /^[\x20-\x7e]*$/;
const EMOJI = /\p{Extended_Pictographic}/u;
/** Variation selectors, skin tones, keycaps, flags and tags that complete an emoji. */
const EMOJI_PART =
  /[\u{20e3}\u{fe00}-\u{fe0f}\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]/u;
const LETTER = /\p{L}|\p{M}/u;

export const nonAsciiValue = defineCheck({
  id: "non-ascii-value",
  title: "Hidden or non-ASCII characters in UTM values",
  severity: "info",
  description:
    "utm_source, utm_medium or utm_id values with characters outside plain ASCII, or campaign, term and content values with invisible characters or curly quotes.",
  guide: {
    whyItMatters:
      "GA4 compares values character by character. A zero-width space or non-breaking space pasted from a document after 'facebook' makes it a second facebook source that looks identical in the report, and curly quotes split mother's_day from mother’s_day. In utm_source and utm_medium, accents and emoji also stop the default channel rules from recognising the value (émail is not email), and a utm_id with a hidden or look-alike character no longer matches the ID in your cost-data import.",
    howToFix:
      "Retype the affected values in plain text, or paste them through a plain-text editor before building the link; turn off smart quotes in the tool where you write the links. Keep utm_source, utm_medium and utm_id to lowercase letters, digits, hyphens and underscores. Names in utm_campaign, utm_term and utm_content may use accents or other scripts, but should contain no invisible characters.",
    exampleWrong:
      "utm_source=facebook%E2%80%8B&utm_medium=%C3%A9mail&utm_campaign=mother%E2%80%99s_day",
    exampleCorrect: "utm_source=facebook&utm_medium=email&utm_campaign=mothers_day",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [UTM_VALUE_DIMENSIONS],
  run(data, findings) {
    for (const param of PARAMS) {
      for (const group of taggedValues(data, param)) {
        const problems = characterProblems(param, group.value);
        if (problems.length === 0) continue;
        findings.addValue(
          `${param}:${escapeInvisible(group.value)}`,
          `${fieldTitle(data.utmField(param))} '${escapeInvisible(group.value)}' contains ${problems.join(", ")}`,
          data.utmField(param),
          group,
          { values: [group.value], field: data.utmField(param) },
        );
      }
    }
  },
});

/** What is wrong with a value's characters for this parameter; empty when nothing is. */
export function characterProblems(param: UtmParam, value: string): string[] {
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (PLAIN.test(value)) return [];
  return describe(value, STRICT.has(param));
}

/** What is wrong with a value's characters, for the title; empty when nothing is. */
function describe(value: string, strict: boolean): string[] {
  const chars = [...value];
  const problems = new Set<string>();
  chars.forEach((char, index) => {
    const code = char.codePointAt(0) ?? 0;
    const invisible = INVISIBLE.get(code);
    if (invisible) {
      // A well-placed joiner or mark belongs to its neighbours, which strict mode flags anyway.
      if (!CONTEXTUAL.has(code) || isMisplaced(chars, index)) {
        problems.add(`an invisible ${invisible} (${codePoint(code)})`);
      }
    } else if (CURLY_QUOTES.has(code)) {
      problems.add("curly quotes");
    } else if (strict && code > 0x7e) {
      if (isControl(code)) problems.add(`a control character (${codePoint(code)})`);
      else if (EMOJI.test(char) || EMOJI_PART.test(char)) problems.add("emoji");
      else if (LETTER.test(char)) problems.add("accented or non-Latin letters");
      else problems.add(`the character '${char}' (${codePoint(code)})`);
    }
  });
  return [...problems];
}

/** A joiner or direction mark at either end, or beside a Latin character, joins nothing. */
function isMisplaced(chars: readonly string[], index: number): boolean {
  const before = chars[index - 1];
  const after = chars[index + 1];
  if (before === undefined || after === undefined) return true;
  return isAscii(before) || isAscii(after);
}

function isAscii(char: string): boolean {
  return (char.codePointAt(0) ?? 0) <= 0x7f;
}

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Shows invisible characters as [U+200B], so a title and a key say what is there. */
function escapeInvisible(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    out += INVISIBLE.has(code) || isControl(code) ? `[${codePoint(code)}]` : char;
  }
  return out;
}
