/**
 * The link builder's URL: the page's own query and fragment kept as written, the UTM values
 * appended. Pure and without Node imports, so the browser builds the same URL the server saves.
 */
import type { UtmParam } from "../core/types.ts";

/** The `utm_` parameters a URL already carries (names compared ignoring case). */
export function utmParamsIn(url: URL): string[] {
  const names = [...url.searchParams.keys()].filter((k) => k.toLowerCase().startsWith("utm_"));
  return [...new Set(names)];
}

/**
 * The address as a browser's address bar reads it: "www.example.com/page" (no scheme) means
 * "https://www.example.com/page". A value naming a scheme ("javascript:", "ftp://") is left as
 * written, for baseUrlProblem to refuse; "host:8080" is a host with a port, not a scheme.
 */
export function withScheme(baseUrl: string): string {
  const value = baseUrl.trim();
  if (value === "") return value;
  if (value.startsWith("//")) return `https:${value}`;
  return /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) ? value : `https://${value}`;
}

/**
 * Why the base URL cannot be tagged, or undefined when it can: it must be an http or https
 * address, and carry no utm_ parameters of its own, which would clash with the builder's (GA4
 * reads the first of each).
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
  const value = withScheme(baseUrl);
  if (value === "") return "Website URL is required";
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // Without a dot a scheme-less word ("pricing") is a typo rather than a host.
  const host = url?.hostname ?? "";
  const hostLike = host.includes(".") || host === "localhost" || host.startsWith("[");
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !hostLike) {
    return "Enter the website URL, starting with http:// or https://";
  }
  const utm = utmParamsIn(url);
  if (utm.length > 0) {
    return `The website URL already has ${utm.join(", ")}: remove ${utm.length > 1 ? "them" : "it"} and set the values in the fields below`;
  }
  return undefined;
}

const ORDER: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];

/**
 * The tagged URL, UTM values in the usual order (source, medium, campaign, term, content, id),
 * empty ones left out. Throws on a base URL baseUrlProblem refuses.
 */
export function buildTaggedUrl(
  baseUrl: string,
  values: Partial<Record<UtmParam, string | null | undefined>>,
): string {
  const url = new URL(withScheme(baseUrl));
  const params = new URLSearchParams();
  for (const param of ORDER) {
    const value = values[param];
    if (value) params.append(`utm_${param}`, value);
  }
  const added = params.toString();
  if (added !== "") url.search = url.search ? `${url.search}&${added}` : `?${added}`;
  return url.toString();
}
