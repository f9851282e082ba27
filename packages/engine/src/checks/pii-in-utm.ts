// Detects personal data in UTM values and landing-page URLs: email addresses (also URL-encoded),
// phone numbers and query parameters such as email=, phone= or lastname= with a value. Sending
// personal data to GA4 breaks Google's terms and can get the property's data deleted.
import { UTM_PARAMS } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { FIELD_NAMES } from "../rules/values-extra.ts";

type Kind = "email" | "phone" | "email-param" | "phone-param" | "name-param" | "address-param";

interface Hit {
  kind: Kind;
  /** Where the personal data sits in the decoded text, and what replaces it. */
  start: number;
  end: number;
  replacement: string;
  /** What the finding shows: the redacted match, or `name=redacted` for a parameter. */
  shown: string;
  /** Personal only next to other personal data (a bare `name=` may be a product name). */
  weak?: boolean;
}

const EMAIL =
  /[\p{L}\p{N}._%+'-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(\p{L}{2,24})(?![\p{L}\p{N}-])/giu;
const EMAIL_HINT = /@|%40/i;
/** name@2x.png is an image, not a person. */
const FILE_EXTENSIONS = new Set([
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "webp",
  "avif",
  "ico",
  "bmp",
  "tif",
  "tiff",
  "css",
  "js",
  "pdf",
]);

/** +44 7700 900123, +1 (555) 123-4567: 8 to 15 digits after a plus (E.164). */
const PHONE_INTERNATIONAL =
  /(?<![\p{L}\p{N}_])\+[ .()-]*\d(?:[ .()/-]*\d){7,14}(?![\p{L}\p{N}_])/gu;
/** (555) 123-4567, 07700 900123, 01 23 45 67 89: digit groups with a phone's separators. */
const PHONE_NATIONAL =
  /(?<![\p{L}\p{N}_.+/-]|\d\s)\(?\d{2,5}\)?(?:[ .()/-]{1,2}\d{2,6}){1,4}(?![\p{L}\p{N}_./-]|\s\d)/gu;
/** A run of digits and phone separators long enough to hold a phone number. */
const PHONE_SPAN = /\+?\(?\d[\d ()./-]{7,}/g;
const PHONE_PATTERNS = [PHONE_INTERNATIONAL, PHONE_NATIONAL];
/** The patterns look up to two characters around a number. */
const CONTEXT = 2;
/** A date, not a phone: 2025-11-03 12, 03.11.2025 1230. */
const DATE_LIKE =
  /(?:19|20)\d{2}[-./ ](?:0?[1-9]|1[0-2])[-./ ](?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])[-./ ](?:0?[1-9]|1[0-2])[-./ ](?:19|20)\d{2}/;
const IP_ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** 12.345.678.901 or 1,234,567,890: a number with thousands separators. */
const GROUPED_NUMBER = /^\d{1,3}(?:[.,]\d{3})+$/;
const NON_DIGITS = /\D+/g;
const PHONE_WRAPPING = /^[+(]+|\)+$/g;

/** Query parameters that hold personal data by their name (normalised: lower case, no separators). */
const PERSONAL_PARAMS = new Map<string, Kind>([
  ...["email", "mail", "emailaddress", "useremail", "customeremail"].map(
    (name) => [name, "email-param"] as const,
  ),
  ...[
    "phone",
    "tel",
    "telephone",
    "mobile",
    "phonenumber",
    "mobilenumber",
    "mobilephone",
    "cell",
    "cellphone",
  ].map((name) => [name, "phone-param"] as const),
  ...[
    "name",
    "firstname",
    "lastname",
    "fullname",
    "surname",
    "fname",
    "lname",
    "givenname",
    "familyname",
  ].map((name) => [name, "name-param"] as const),
  ...["address", "streetaddress", "street", "zip", "zipcode", "postcode", "postalcode"].map(
    (name) => [name, "address-param"] as const,
  ),
]);
const POSTCODE_PARAMS = new Set(["zip", "zipcode", "postcode", "postalcode"]);

/** ?, &, ; and #: what separates name=value pairs. */
const PAIR_DELIMITERS = new Set([0x3f, 0x26, 0x3b, 0x23]);
/** Longer names (customer[billing_address][postcode]) are cut to their last part anyway. */
const MAX_NAME_LENGTH = 40;
/** Unfilled merge tags ({{email}}, *|EMAIL|*, %%email%%, [email]) are placeholders, not people. */
const MERGE_TAG = /^(?:\{\{?.*\}\}?|\*\|.*\|\*|%%.*%%|\[\[?.*\]\]?|\$\{.*\}|<%.*%>|#\{.*\})$/s;
const NOT_A_VALUE = /^(?:true|false|yes|no|on|off|null|undefined|none|nan|[01-])$/i;
const LETTER = /\p{L}/u;
const DIGIT = /\d/;
/** A bare "name" reads as a person's name when it is two to four words of letters. */
const PERSON_NAME = /^\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){1,3}$/u;
const NAME_PART = /^\p{L}[\p{L}'’. -]*$/u;
const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;
const PLUS = /\+/g;
const WORD = /[\p{L}\p{N}]+/gu;
const BRACKET_KEY = /^.*\[([^\]]*)\]$/;
const NAME_SEPARATORS = /[\s_.-]+/g;
const PLAIN_NAME = /^[a-z]+$/;
/** Every name in PERSONAL_PARAMS contains one of these words, followed by "=". */
const PERSONAL_PARAM_HINT =
  /(?:mail|phone|tel|mobile|name|cell|address|street|zip|post)[^=&;#?/]*=/i;

/**
 * Every text in which `findPersonalData` (with parameters) can find anything matches this: a
 * personal parameter's hint, an email's "@", or a run of digits as long as PHONE_SPAN's.
 */
export const ANY_HINT = new RegExp(
  `${PERSONAL_PARAM_HINT.source}|${EMAIL_HINT.source}|\\d[\\d ()./-]{7,}`,
  "i",
);

/**
 * `ANY_HINT.test(text)` as three tests, each of which V8 runs by looking for its first
 * character: about a fifth faster over every landing page than one alternation tried at each
 * position (issue 24). The run of digits is looked for by `hasDigitRun`, which reads one
 * character in eight.
 */
export function hasAnyHint(text: string): boolean {
  return EMAIL_HINT.test(text) || hasDigitRun(text) || PERSONAL_PARAM_HINT.test(text);
}

/** What decoding may change ("%", "+") or an email's sign ("@", "%40"). */
const ESCAPE_OR_EMAIL = /[%+@]/;

/**
 * A landing value decoded (`decodeLanding`) when it has a hint of personal data (`hasAnyHint`),
 * else undefined. Most values have no "%", "+" or "@": each is its own decoded text and has no
 * email's sign, so one test of those three characters stands for the two searches that decoding
 * begins with and the email's test.
 */
export function hintedLanding(value: string): string | undefined {
  if (ESCAPE_OR_EMAIL.test(value)) {
    const decoded = decodeLanding(value);
    return hasAnyHint(decoded) ? decoded : undefined;
  }
  return hasDigitRun(value) || PERSONAL_PARAM_HINT.test(value) ? value : undefined;
}

/** What a shape of landing page says of personal data, in `hintedByShape`'s marks (0: not yet known). */
const LandingMark = {
  /** It has "%", "+" or "@": each value is decoded and looked at on its own. */
  escaped: 1,
  /** It has a personal parameter's hint (PERSONAL_PARAM_HINT). */
  hinted: 2,
  /** Neither: only a run of digits, which the shape does not tell, can be a hint. */
  plain: 3,
} as const;

/**
 * `hintedLanding(value)` for a landing value of shape `shape` (-1 for one of its own), what the
 * shape says found once in `marks` (by shape): "%", "+", "@" and the personal parameters' hint
 * read no digit, so they are the same for every value of a shape (`factsByShape`); a run of
 * digits and the decoded text are the value's own.
 */
function hintedByShape(value: string, shape: number, marks: Uint8Array): string | undefined {
  if (shape < 0) return hintedLanding(value);
  let mark = marks[shape] as number;
  if (mark === 0) {
    mark = ESCAPE_OR_EMAIL.test(value)
      ? LandingMark.escaped
      : PERSONAL_PARAM_HINT.test(value)
        ? LandingMark.hinted
        : LandingMark.plain;
    marks[shape] = mark;
  }
  if (mark === LandingMark.escaped) return hintedLanding(value);
  return mark === LandingMark.hinted || hasDigitRun(value) ? value : undefined;
}

/** Of the ASCII characters, those of a run of digits (`\d[\d ()./-]{7,}`): 2 a digit, 1 a separator. */
const RUN_CHARS = new Uint8Array(128);
for (const char of " ()./-") RUN_CHARS[char.charCodeAt(0)] = 1;
for (let code = 0x30; code <= 0x39; code++) RUN_CHARS[code] = 2;

/** Whether `code` may be in a run of digits: a digit, a space, "(", ")", ".", "/" or "-". */
function isRunChar(code: number): boolean {
  return code < 128 && RUN_CHARS[code] !== 0;
}

/**
 * Whether the text has a digit followed by seven or more digits or separators (`\d[\d ()./-]{7,}`)
 * without reading every character: any eight characters in a row hold one of the probes, spaced
 * eight apart, so only a probe that may be in a run is looked around, for the whole run it is in
 * and a digit at least eight from its end. At high cardinality nearly every landing page is
 * looked at (a path and an item number), and most probes fall on a letter: the regular expression
 * tried each digit and read every character (a third of the hint's time).
 */
function hasDigitRun(text: string): boolean {
  const length = text.length;
  for (let probe = 7; probe < length; probe += 8) {
    if (!isRunChar(text.charCodeAt(probe))) continue;
    let from = probe;
    while (from > 0 && isRunChar(text.charCodeAt(from - 1))) from--;
    let to = probe + 1;
    while (to < length && isRunChar(text.charCodeAt(to))) to++;
    for (let at = from; at <= to - 8; at++) {
      if (RUN_CHARS[text.charCodeAt(at)] === 2) return true;
    }
    // A run after this one starts past `to`: its first eight characters hold `to + 8` or a probe
    // after it.
    probe = to;
  }
  return false;
}

const TITLES: Record<Kind, (where: string, example: string) => string> = {
  email: (where, example) => `Email addresses in ${where} (e.g. ${example})`,
  phone: (where, example) => `Phone numbers in ${where} (e.g. ${example})`,
  "email-param": (where, example) =>
    `Email addresses passed as a parameter in ${where} (${example})`,
  "phone-param": (where, example) => `Phone numbers passed as a parameter in ${where} (${example})`,
  "name-param": (where, example) => `People's names passed as a parameter in ${where} (${example})`,
  "address-param": (where, example) =>
    `Postal addresses or postcodes passed as a parameter in ${where} (${example})`,
};

export const piiInUtm = defineCheck({
  id: "pii-in-utm",
  title: "Personal data in UTM values or landing pages",
  severity: "critical",
  description:
    "Email addresses, phone numbers, names or postcodes appear in UTM values or in landing-page URLs, so they are sent to Google Analytics.",
  guide: {
    whyItMatters:
      "Google's terms forbid sending personally identifiable information to Analytics, and a URL counts: GA4 stores the full landing page and every UTM value. An email tool that appends ?email={{email}}, a form that submits with GET, or a campaign named after a customer puts that person's data into reports anyone with access can read. Google can delete the property's data, and the collection may also breach GDPR or similar laws.",
    howToFix:
      "Find where the data enters the link: a merge field in the email template (remove it, or use an internal subscriber ID that is not an email, name or phone number), a form that submits with method GET (switch it to POST), or a hand-built campaign name. In GA4, turn on data redaction for email addresses and list the query parameters to strip (Admin > Data streams > your web stream > Redact data), then remove what was already collected with a data deletion request.",
    exampleWrong:
      "https://www.example.com/welcome?email=jane.doe%40gmail.com&utm_source=newsletter&utm_medium=email&utm_campaign=onboarding",
    exampleCorrect:
      "https://www.example.com/welcome?utm_source=newsletter&utm_medium=email&utm_campaign=onboarding",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/6366371",
  },
  requires: [
    [
      "sessionManualSource",
      "sessionSource",
      "sessionManualMedium",
      "sessionMedium",
      "sessionManualCampaignName",
      "sessionCampaignName",
      "sessionManualTerm",
      "sessionManualAdContent",
      "sessionManualCampaignId",
      "landingPagePlusQueryString",
    ],
  ],
  redact: redactPersonalData,
  run(data, findings) {
    for (const param of UTM_PARAMS) {
      const dimension = data.utmDimension(param);
      // Stryker disable next-line ConditionalExpression: an absent dimension has no values
      if (!dimension) continue;
      for (const [value, stats] of data.values(dimension)) {
        // Stryker disable next-line ConditionalExpression: placeholders hold no personal data
        if (!isUserValue(value)) continue;
        for (const hit of personalDataInValue(value)) {
          findings.addValue(
            `${param}:${hit.kind}`,
            TITLES[hit.kind](`${FIELD_NAMES[dimension]} values`, hit.shown),
            dimension,
            stats,
            { values: [hit.shown], field: dimension },
          );
        }
      }
    }
    // Stryker disable next-line ConditionalExpression: an absent dimension has no values
    if (!data.has("landingPagePlusQueryString")) return;
    const { values, starts, ids, shapes, shapeCount } = data.column("landingPagePlusQueryString");
    // What each shape of landing page says of personal data (`LandingMark`), found once a shape.
    const marks = shapes ? new Uint8Array(shapeCount ?? 0) : undefined;
    for (let v = 0; v < values.length; v++) {
      const value = values[v] as string;
      // Stryker disable next-line ConditionalExpression: placeholders hold no personal data
      if (!isUserValue(value)) continue;
      // Most landing pages hold nothing like personal data: one pass tells them apart.
      const decoded = marks
        ? hintedByShape(value, shapes?.[v] as number, marks)
        : hintedLanding(value);
      if (decoded === undefined) continue;
      for (const hit of reportable(findPersonalData(decoded, true))) {
        findings.addIds(
          `landing:${hit.kind}`,
          TITLES[hit.kind]("landing page URLs", hit.shown),
          ids,
          starts[v] as number,
          starts[v + 1] as number,
          { values: [hit.shown], field: "landingPagePlusQueryString" },
        );
      }
    }
  },
});

/**
 * Replaces every piece of personal data in a value, for the example rows a finding shows; a
 * bare name= is masked too, as masking a product name costs nothing.
 */
function redactPersonalData(value: string): string {
  // Stryker disable next-line StringLiteral: without a query both decode alike
  const decoded = value.includes("?") ? decodeLanding(value) : decodePercent(value);
  const hits = findPersonalData(decoded, true);
  if (hits.length === 0) return value;
  let out = decoded;
  for (const hit of [...hits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, hit.start) + hit.replacement + out.slice(hit.end);
  }
  return out;
}

function findPersonalData(text: string, withParams: boolean): Hit[] {
  const hits: Hit[] = [];
  if (withParams && PERSONAL_PARAM_HINT.test(text)) {
    // Segments between ?, &, ; and # are the name=value pairs of the query and fragment.
    let from = 0;
    for (let i = 0; i <= text.length; i += 1) {
      if (i < text.length && !PAIR_DELIMITERS.has(text.charCodeAt(i))) continue;
      const hit = personalParam(text, from, i);
      if (hit) hits.push(hit);
      from = i + 1;
    }
  }
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (EMAIL_HINT.test(text)) {
    EMAIL.lastIndex = 0;
    for (let match = EMAIL.exec(text); match; match = EMAIL.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      // Stryker disable next-line StringLiteral: the group always matches
      if (FILE_EXTENSIONS.has((match[1] ?? "").toLowerCase()) || overlaps(hits, start, end))
        continue;
      const replacement = maskEmail(match[0]);
      hits.push({ kind: "email", start, end, replacement, shown: replacement });
    }
  }
  // The precise patterns (with look-arounds) only run around runs of digits that could be one.
  PHONE_SPAN.lastIndex = 0;
  for (let span = PHONE_SPAN.exec(text); span; span = PHONE_SPAN.exec(text)) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut: isPhone counts again
    if (span[0].replace(NON_DIGITS, "").length < 8) continue;
    const from = Math.max(0, span.index - CONTEXT);
    const window = text.slice(from, span.index + span[0].length + CONTEXT);
    for (const pattern of PHONE_PATTERNS) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
        const start = from + match.index;
        const end = start + match[0].length;
        if (!isPhone(match[0]) || overlaps(hits, start, end)) continue;
        const replacement = maskPhone(match[0]);
        hits.push({ kind: "phone", start, end, replacement, shown: replacement });
      }
    }
  }
  return hits;
}

/** The personal data in one UTM value, masked for display ("j***@g***.com"). */
export function personalDataInValue(value: string): readonly { kind: Kind; shown: string }[] {
  return reportable(findPersonalData(decodePercent(value), false));
}

/** "?name=Blue Dress" is as likely a product as a person; next to an email or phone it is one. */
function reportable(hits: readonly Hit[]): readonly Hit[] {
  return hits.some((hit) => !hit.weak) ? hits : [];
}

function overlaps(hits: readonly Hit[], start: number, end: number): boolean {
  // Stryker disable next-line EqualityOperator: hits never touch
  return hits.some((hit) => start < hit.end && end > hit.start);
}

/** The `name=value` between `from` and `to` when the name says personal data and the value is. */
function personalParam(text: string, from: number, to: number): Hit | undefined {
  const eq = text.indexOf("=", from);
  // Stryker disable next-line all: a pair without a name or "=" names no personal data
  if (eq <= from || eq >= to || eq - from > MAX_NAME_LENGTH) return undefined;
  const name = text.slice(from, eq);
  const lower = name.toLowerCase();
  if (lower.startsWith("utm_")) return undefined;
  const key = PLAIN_NAME.test(lower) ? lower : normaliseName(lower);
  const kind = PERSONAL_PARAMS.get(key);
  // Stryker disable next-line ConditionalExpression: isPersonal refuses no kind
  if (!kind) return undefined;
  const value = text.slice(eq + 1, to);
  if (!isPersonal(kind, key, value.trim())) return undefined;
  const replacement = maskParam(kind, value);
  return {
    kind,
    start: eq + 1,
    end: to,
    replacement,
    shown: `${name}=${replacement}`,
    weak: key === "name",
  };
}

function isPhone(text: string): boolean {
  const digits = text.replace(NON_DIGITS, "");
  const international = text.startsWith("+");
  if (digits.length < (international ? 8 : 10) || digits.length > (international ? 15 : 13)) {
    return false;
  }
  const trimmed = text.replace(PHONE_WRAPPING, "");
  if (DATE_LIKE.test(text) || IP_ADDRESS.test(trimmed) || GROUPED_NUMBER.test(trimmed)) {
    return false;
  }
  // French-style pairs (01 23 45 67 89) start with a trunk 0; other pairs are sizes or scores.
  // Stryker disable next-line MethodExpression: an empty group is no long group
  const groups = text.split(NON_DIGITS).filter(Boolean);
  return international || groups.some((group) => group.length > 2) || digits.startsWith("0");
}

function isPersonal(kind: Kind, name: string, value: string): boolean {
  if (value.length < 2 || MERGE_TAG.test(value) || NOT_A_VALUE.test(value)) return false;
  switch (kind) {
    case "email-param":
      return EMAIL_HINT.test(value);
    case "phone-param":
      return value.replace(NON_DIGITS, "").length >= 7;
    case "name-param":
      return name === "name" ? PERSON_NAME.test(value) : NAME_PART.test(value);
    case "address-param":
      return POSTCODE_PARAMS.has(name)
        ? value.length >= 3 && DIGIT.test(value)
        : value.length >= 4 && LETTER.test(value);
    // Stryker disable next-line all: email and phone hits never come here
    default:
      // Stryker disable next-line BooleanLiteral: as above
      return false;
  }
}

/** "customer[E-Mail]" → "email"; "first_name" → "firstname". */
function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(BRACKET_KEY, "$1").replace(NAME_SEPARATORS, "");
}

function maskParam(kind: Kind, value: string): string {
  if (kind === "email-param") {
    const masked = value.replace(EMAIL, (email) => maskEmail(email));
    return masked !== value ? masked : maskWords(value);
  }
  if (kind === "phone-param") return maskPhone(value);
  return maskWords(value);
}

/** "jane.doe@gmail.com" → "j***@g***.com". */
function maskEmail(email: string): string {
  const at = email.search(EMAIL_HINT);
  // Stryker disable next-line StringLiteral: values arrive decoded
  const separator = email.slice(at).startsWith("@") ? "@" : "%40";
  // Stryker disable next-line MethodExpression: only its first character is shown
  const local = email.slice(0, at);
  const domain = email.slice(at + separator.length);
  const tld = domain.slice(domain.lastIndexOf(".") + 1);
  // Stryker disable next-line StringLiteral: never empty
  return `${[...local][0] ?? ""}***@${[...domain][0] ?? ""}***.${tld}`;
}

/** "+44 7700 900123" → "+44 **** ***123": the country code and last three digits stay. */
function maskPhone(phone: string): string {
  const total = phone.replace(NON_DIGITS, "").length;
  const keepFirst = phone.trimStart().startsWith("+") ? 2 : 0;
  let seen = 0;
  let out = "";
  for (const char of phone) {
    if (DIGIT.test(char)) {
      seen += 1;
      out += seen <= keepFirst || seen > total - 3 ? char : "*";
    } else {
      out += char;
    }
  }
  return out;
}

/** "Jane Doe" → "J*** D***". */
function maskWords(value: string): string {
  // Stryker disable next-line StringLiteral: never empty
  return value.replace(WORD, (word) => `${[...word][0] ?? ""}***`);
}

/** Percent-decodes what can be decoded and leaves malformed sequences as written. */
function decodePercent(value: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut
  if (!value.includes("%")) return value;
  return value.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** A landing page as a person reads it: "+" in the query string is a space. */
export function decodeLanding(value: string): string {
  const percentAt = value.indexOf("%");
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut
  if (percentAt < 0 && !value.includes("+")) return value;
  // Only encoded spaces ("spring_sale%20", a tenth of the high-cardinality pages): each is a
  // space wherever it is, as decoding would make it, without the pattern, the decoder and the
  // copies of the path and the query.
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut
  if (percentAt >= 0 && !value.includes("+") && onlyEncodedSpaces(value, percentAt)) {
    return value.replaceAll("%20", " ");
  }
  return decodeEachPart(value);
}

/** `decodeLanding` without its shortcut for encoded spaces: the path and the query decoded apart. */
export function decodeEachPart(value: string): string {
  const queryAt = value.indexOf("?");
  if (queryAt < 0) return decodePercent(value);
  const query = value.slice(queryAt + 1);
  // Stryker disable next-line StringLiteral: a shortcut
  const spaced = query.includes("+") ? query.replace(PLUS, " ") : query;
  return `${decodePercent(value.slice(0, queryAt))}?${decodePercent(spaced)}`;
}

/** Whether every "%" of the value, the first at `from`, starts "%20". */
function onlyEncodedSpaces(value: string, from: number): boolean {
  for (let at = from; at >= 0; at = value.indexOf("%", at + 1)) {
    if (value.charCodeAt(at + 1) !== 0x32 || value.charCodeAt(at + 2) !== 0x30) return false;
  }
  return true;
}
