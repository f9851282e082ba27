/**
 * Shared by the value-hygiene checks: which UTM values to read, how to name them, which values
 * are unreplaced ad-platform macros, and whether a row is paid traffic.
 */
import { isPaidMedium, predictChannel } from "../channels/channel-group.ts";
import type { AuditData, Column, ValueStats } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension, UtmParam } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";

export {
  ANY_UTM_DIMENSION,
  FIELD_NAMES,
  fieldTitle,
  fieldValue,
  PARAM_NAMES,
} from "../core/audit-data.ts";

export interface ParamValues {
  param: UtmParam;
  dimension: Dimension;
  /** Values a person typed (GA4's placeholders and blanks left out); shared, do not sort. */
  values: readonly ValueStats[];
}

// Every hygiene check reads the same value lists: build each once per audit.
const userValueCache = new WeakMap<AuditData, Map<Dimension, ValueStats[]>>();

/** The user-typed values of each parameter the data carries, read where `data.utm` reads them. */
export function userValuesByParam(data: AuditData, params: readonly UtmParam[]): ParamValues[] {
  let cache = userValueCache.get(data);
  if (!cache) {
    cache = new Map();
    userValueCache.set(data, cache);
  }
  const out: ParamValues[] = [];
  for (const param of params) {
    const dimension = data.utmDimension(param);
    if (!dimension) continue;
    let values = cache.get(dimension);
    if (!values) {
      values = [];
      for (const stats of data.values(dimension).values()) {
        if (isTyped(stats.value)) values.push(stats);
      }
      cache.set(dimension, values);
    }
    out.push({ param, dimension, values });
  }
  return out;
}

/**
 * isUserValue, with a shortcut: GA4's placeholders start with "(" or "<" (`<Other>`), blanks
 * with whitespace.
 */
function isTyped(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first > 32 && first < 127 && first !== 40 && first !== 60) return true;
  return isUserValue(value);
}

/** A value in double quotes with control characters escaped, so stray whitespace shows. */
export function quote(value: string): string {
  return JSON.stringify(value);
}

/**
 * True when some row of the values `values` (entries of `data.values(dimension)`, or parts of
 * them) is paid traffic: its medium is one GA4's paid channels match (ga4-protocol.md §5.3).
 * Each row's medium read by value id beside the values, each medium judged once.
 */
export function anyPaid(
  data: AuditData,
  dimension: Dimension,
  values: readonly ValueStats[],
): boolean {
  const mediumDimension = data.utmDimension("medium");
  if (!mediumDimension) return false;
  const column = data.column(dimension);
  const mediums = data.columnBeside(column, mediumDimension);
  const paid = mediums.values.map((medium) => isUserValue(medium) && isPaidMedium(medium));
  for (const stats of values) {
    for (const id of data.idsOfStats(dimension, stats)) {
      const medium = mediums.valueOfRow[id - column.firstId] as number;
      if (medium >= 0 && paid[medium]) return true;
    }
  }
  return false;
}

/**
 * True when writing `fixed` in place of the row's value of `param` gives another default channel:
 * the defect does not only split reports, it sends the sessions to the wrong channel.
 */
export function fixChangesChannel(
  data: AuditData,
  row: AggregatedRow,
  param: UtmParam,
  fixed: string,
): boolean {
  if (param !== "source" && param !== "medium" && param !== "campaign") return false;
  const input = {
    source: data.utm(row, "source") ?? "",
    medium: data.utm(row, "medium") ?? "",
    campaign: data.utm(row, "campaign") ?? "",
  };
  return channelChanges(input, param, fixed);
}

/** Whether `fixed` in place of `input`'s `param` gives another default channel. */
function channelChanges(
  input: { source: string; medium: string; campaign: string },
  param: "source" | "medium" | "campaign",
  fixed: string,
): boolean {
  return predictChannel(input) !== predictChannel({ ...input, [param]: fixed });
}

/**
 * `fixChangesChannel` for any row of the values `values` (entries of `data.values(dimension)`),
 * judged once per distinct source, medium and campaign rather than once a row: a campaign's rows
 * share a few sources and mediums.
 */
export function fixChangesAnyChannel(
  data: AuditData,
  dimension: Dimension,
  values: readonly ValueStats[],
  param: UtmParam,
  fixed: string,
): boolean {
  if (param !== "source" && param !== "medium" && param !== "campaign") return false;
  const column = data.column(dimension);
  const [sources, mediums, campaigns] = (["source", "medium", "campaign"] as const).map((name) =>
    data.columnBeside(column, data.utmField(name)),
  ) as [Column, Column, Column];
  const valueAt = (of: Column, r: number): string => of.values[of.valueOfRow[r] as number] ?? "";
  // Each row's three value ids (-1 for none) as one number while they fit, else as text.
  const counts = [sources, mediums, campaigns].map((of) => of.values.length + 1) as [
    number,
    number,
    number,
  ];
  const numeric = counts[0] * counts[1] * counts[2] <= Number.MAX_SAFE_INTEGER;
  const judged = new Map<number | string, boolean>();
  for (const stats of values) {
    const at = data.columnIndexOf(dimension, stats);
    if (at < 0) {
      if (stats.rows.some((row) => fixChangesChannel(data, row, param, fixed))) return true;
      continue;
    }
    for (let i = column.starts[at] as number; i < (column.starts[at + 1] as number); i++) {
      const r = (column.ids[i] as number) - column.firstId;
      const source = (sources.valueOfRow[r] as number) + 1;
      const medium = (mediums.valueOfRow[r] as number) + 1;
      const campaign = (campaigns.valueOfRow[r] as number) + 1;
      const key = numeric
        ? source + counts[0] * (medium + counts[1] * campaign)
        : `${source},${medium},${campaign}`;
      let changes = judged.get(key);
      if (changes === undefined) {
        const input = {
          source: valueAt(sources, r),
          medium: valueAt(mediums, r),
          campaign: valueAt(campaigns, r),
        };
        changes = channelChanges(input, param, fixed);
        judged.set(key, changes);
      }
      if (changes) return true;
    }
  }
  return false;
}

/**
 * Words naming what an ad platform or email tool fills in. A bracketed UPPER_SNAKE name is a macro
 * only with one of them ([CAMPAIGN_NAME], [AD_ID]), or when it is one of the single-word macros
 * ([KEYWORD]), so naming prefixes such as "[UK_EN]" or "[BRAND]" in Ads campaign names pass.
 */
const MACRO_WORDS = new Set([
  "adgroup",
  "adid",
  "adset",
  "cachebuster",
  "campaign",
  "campaignid",
  "clickid",
  "content",
  "creative",
  "id",
  "keyword",
  "medium",
  "name",
  "placement",
  "random",
  "source",
  "term",
  "timestamp",
]);
const SINGLE_MACRO_WORDS = new Set([
  "adgroup",
  "adid",
  "cachebuster",
  "campaign",
  "campaignid",
  "clickid",
  "creative",
  "keyword",
  "placement",
  "timestamp",
]);

// Each pattern needs an identifier inside its delimiters, so "(not set)" or "spring [test]" pass.
const MACRO_PATTERNS: readonly RegExp[] = [
  // {{campaign.name}} (Meta, Snapchat, Klaviyo, HubSpot), {{ site_source_name }}
  /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/g,
  // ${CREATIVE_ID} (Xandr), {campaignid} {keyword:shoes} (Google, Microsoft Ads, Pinterest)
  /\$?\{[A-Za-z_][\w.-]*(?::[^{}]*)?\}/g,
  // The same, URL-encoded: %7Bcampaignid%7D
  /%7B(?:%7B)?[A-Za-z_][\w.-]*(?:%7D)?%7D/gi,
  // *|LIST:NAME|* (Mailchimp merge tags)
  /\*\|[A-Za-z0-9_:]+\|\*/g,
  // %%emailname_%% %%jobid%% (Salesforce Marketing Cloud), %%TTD_CAMPAIGNID%% (The Trade Desk)
  /%%=?[A-Za-z_][\w.]*(?:\([^%]*\))?=?%%/g,
  // %ecid! %eaid! (Campaign Manager 360)
  /%e[a-z]{2,4}!/g,
  // __CAMPAIGN_NAME__ __CID__ (TikTok)
  /__[A-Z][A-Z0-9_]*[A-Z0-9]__/g,
];
const BRACKETED = /\[([A-Za-z][A-Za-z0-9_]*)\]/g;
// Every macro above has one of these characters: most values are ruled out by one test.
const MACRO_DELIMITER = /[{[%*]|__/;

/** The unreplaced macros in a value, as written; empty when there are none. */
export function findMacros(value: string): string[] {
  if (!MACRO_DELIMITER.test(value)) return [];
  const found: string[] = [];
  for (const pattern of MACRO_PATTERNS) {
    for (const match of value.matchAll(pattern)) found.push(match[0]);
  }
  for (const match of value.matchAll(BRACKETED)) {
    const name = match[1] ?? "";
    if (name !== name.toUpperCase()) continue;
    const words = name.toLowerCase().split("_");
    const isMacro =
      words.length > 1
        ? words.some((word) => MACRO_WORDS.has(word))
        : SINGLE_MACRO_WORDS.has(words[0] ?? "");
    if (isMacro) found.push(match[0]);
  }
  // "{{campaign.name}}" also holds "{campaign.name}": keep the outer one.
  return [...new Set(found)].filter(
    (macro) => !found.some((other) => other !== macro && other.includes(macro)),
  );
}

/** The value with its macros cut out, for checks that must not report a macro's own syntax. */
export function withoutMacros(value: string): string {
  if (!MACRO_DELIMITER.test(value)) return value;
  let out = value;
  for (const macro of findMacros(value)) out = out.split(macro).join(" ");
  return out;
}
