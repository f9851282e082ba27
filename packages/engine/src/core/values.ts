/**
 * Shared facts about GA4 values: the placeholders GA4 writes itself, hosts, and the query string
 * of a landing page.
 */

/**
 * Values GA4 writes itself (ga4-protocol.md §6.6), compared in lower case: never a marketer's
 * tagging, so never a hygiene, naming or medium finding. Besides the attribution placeholders:
 * `(data deleted)` after a data-deletion request, `(other)` / `<other>` for rows past a table's
 * row limit, and the Google Ads values `(automatic matching)`, `(content targeting)` and
 * `(remarketing/content targeting)` that stand for a keyword where none was matched.
 */
const GA4_PLACEHOLDERS = new Set([
  "(direct)",
  "(none)",
  "(not set)",
  "(organic)",
  "(referral)",
  "(other)",
  "<other>",
  "(data not available)",
  "(data deleted)",
  "(not provided)",
  "(cross-network)",
  "(automatic matching)",
  "(content targeting)",
  "(remarketing/content targeting)",
]);

/**
 * Why a GA4 value hides a session's real attribution: a data-deletion request replaced it, or the
 * report's row limit folded it into one "(other)" row. Neither is a tagging error.
 */
export type HiddenBy = "data-deleted" | "row-limit";

/**
 * True when `value` starts with a printable ASCII character other than "(" and "<": then it is
 * neither blank nor one of GA4's placeholders (every one starts with "(" or "<"), told without
 * the trimmed, lower-cased copy (issue 24: this runs for every value of every combination).
 * Space, control and non-ASCII starts take the full test.
 */
function plainStart(value: string): boolean {
  const first = value.charCodeAt(0);
  return first > 32 && first < 127 && first !== 40 && first !== 60;
}

export function hiddenBy(value: string): HiddenBy | undefined {
  if (plainStart(value)) return undefined;
  const folded = value.trim().toLowerCase();
  if (folded === "(data deleted)") return "data-deleted";
  if (folded === "(other)" || folded === "<other>") return "row-limit";
  return undefined;
}

export function isGa4Placeholder(value: string): boolean {
  if (plainStart(value)) return false;
  return GA4_PLACEHOLDERS.has(value.trim().toLowerCase());
}

/** A value a person typed into a UTM: present, not blank, not one of GA4's placeholders. */
export function isUserValue(value: string | undefined): value is string {
  if (value === undefined) return false;
  if (plainStart(value)) return true;
  return value.trim() !== "" && !isGa4Placeholder(value);
}

/** "https://WWW.Example.com:443/x" and "www.example.com." both become "www.example.com". */
export function normalizeHost(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  host = host.split(/[/?#]/, 1)[0] ?? "";
  host = host.replace(/:\d+$/, "").replace(/\.$/, "");
  return host;
}

/** The registrable-looking part used to compare hosts: "shop.example.co.uk" → "example.co.uk". */
export function siteDomain(host: string): string {
  const parts = normalizeHost(host)
    .replace(/^www\./, "")
    .split(".");
  if (parts.length <= 2) return parts.join(".");
  const secondLevel = parts[parts.length - 2] ?? "";
  // Country-code second levels such as co.uk, com.au, co.jp.
  const takesThree =
    parts[parts.length - 1]?.length === 2 && /^(co|com|org|net|ac|gov|ne|or)$/.test(secondLevel);
  return parts.slice(takesThree ? -3 : -2).join(".");
}

export interface QueryParam {
  /** The name exactly as written. */
  readonly name: string;
  readonly value: string;
  /** The `name=value` text as written. */
  readonly raw: string;
}

/** A parsed landing URL. */
export interface LandingUrl {
  readonly path: string;
  /** The text after the first "?", before "#"; null when there is no "?". */
  readonly query: string | null;
  readonly fragment: string | null;
  readonly params: readonly QueryParam[];
}

/** Splits `landingPagePlusQueryString` ("/path?a=1&b=2") without normalising anything. */
export function parseLanding(value: string): LandingUrl {
  const hashAt = value.indexOf("#");
  const end = hashAt >= 0 ? hashAt : value.length;
  const fragment = hashAt >= 0 ? value.slice(hashAt + 1) : null;
  let firstQuery = value.indexOf("?");
  if (firstQuery > end) firstQuery = -1;
  const path = firstQuery >= 0 ? value.slice(0, firstQuery) : value.slice(0, end);
  const query = firstQuery >= 0 ? value.slice(firstQuery + 1, end) : null;
  const params: QueryParam[] = [];
  // Each "&"-separated piece of the query, read in place (no array of pieces first).
  for (let from = firstQuery + 1; firstQuery >= 0 && from <= end; ) {
    let to = value.indexOf("&", from);
    if (to < 0 || to > end) to = end;
    if (to > from) {
      const eq = value.indexOf("=", from);
      const named = eq >= 0 && eq < to;
      params.push({
        name: value.slice(from, named ? eq : to),
        value: named ? value.slice(eq + 1, to) : "",
        raw: value.slice(from, to),
      });
    }
    from = to + 1;
  }
  return { path, query, fragment, params };
}

/** Lower-cased and trimmed: the form two values are compared in for "same but for case". */
export function foldCase(value: string): string {
  return value.trim().toLowerCase();
}
