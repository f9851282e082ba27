/**
 * Traffic templates: one kind of visit to a site (direct, google / organic, a newsletter link, a
 * Google Ads click...) with the values GA4 reports for it. A property's day is drawn from its
 * templates. The default channel group is written by hand on every template, following Google's
 * rules (ga4-protocol.md §5.3, source lists §5.4), so it can check the engine's own grouping.
 */
import type { InjectedError } from "./types.ts";

/** GA4's default channel groups (ga4-protocol.md §5.1). */
export type ChannelGroup =
  | "Direct"
  | "Cross-network"
  | "Paid Shopping"
  | "Paid Search"
  | "Paid Social"
  | "Paid Video"
  | "Display"
  | "Paid Other"
  | "Organic Shopping"
  | "Organic Social"
  | "Organic Video"
  | "Organic Search"
  | "Referral"
  | "Email"
  | "Affiliates"
  | "Audio"
  | "SMS"
  | "Mobile Push Notifications"
  | "Unassigned";

/** Ad-platform click ids, unique per click: each click becomes a landing URL of its own. */
export type ClickId = "gclid" | "fbclid" | "msclkid";

/** Shares of desktop, mobile and tablet sessions. */
export type DeviceMix = readonly [desktop: number, mobile: number, tablet: number];

export const DEVICES = ["desktop", "mobile", "tablet"] as const;

/** Where visits land: paths, the most visited first, with a Zipf-like fall-off. */
export interface Landing {
  paths: readonly string[];
  /** Exponent of the fall-off: higher puts more visits on the first paths. */
  skew: number;
  /**
   * Paths the ranking moves on by each day, for a publisher whose newest articles draw the most
   * visits: the path at rank r on day d is paths[(r + d * perDay) mod length].
   */
  perDay: number;
}

/** A referring URL ("" for none) and its weight among the template's referrers. */
export type Referrer = readonly [url: string, weight: number];

/** The manual (UTM) dimensions, exactly as GA4 fills them from the landing URL (§4.1, §6.1). */
export interface ManualValues {
  source: string;
  medium: string;
  campaignName: string;
  campaignId: string;
  term: string;
  adContent: string;
}

export interface TrafficTemplate {
  /** Share of the property's daily sessions. */
  share: number;
  /** The cross-channel session dimensions GA4 resolved (auto-tagging wins over UTMs, §6.3). */
  source: string;
  medium: string;
  campaignName: string;
  campaignId: string;
  channel: ChannelGroup;
  manual: ManualValues;
  /** The query string the visitor landed with, without "?"; "" for none. */
  query: string;
  /** A click id the ad platform appends to every click, after the query. */
  clickId: ClickId | undefined;
  landing: Landing;
  referrers: readonly Referrer[];
  devices: DeviceMix;
  engagementRate: number;
  keyEventRate: number;
  /** Share of a row's sessions from users already counted in it. */
  returningRate: number;
  /** At least one session every day, so an injected error shows in any date range. */
  everyDay: boolean;
  /** What the engine must report because of this traffic (empty for clean traffic). */
  expect: readonly InjectedError[];
}

const NOT_SET = "(not set)";

/** Device mixes seen in practice: search on desktop and phone, social on phones. */
export const MIX = {
  balanced: [0.45, 0.49, 0.06],
  desktopLeaning: [0.62, 0.33, 0.05],
  mobileFirst: [0.22, 0.73, 0.05],
  social: [0.12, 0.84, 0.04],
} as const satisfies Record<string, DeviceMix>;

export interface TemplateOptions {
  share: number;
  /** One path or several, the most visited first. */
  landing: string | readonly string[] | Landing;
  referrers?: readonly Referrer[];
  devices?: DeviceMix;
  engagementRate?: number;
  keyEventRate?: number;
  returningRate?: number;
  /**
   * The query string the visitor landed with, without "?": a tagged link's UTMs, or parameters
   * GA4 does not read as campaign data on untagged traffic.
   */
  query?: string;
  clickId?: ClickId;
  /** Shows every day: traffic that takes part in an injected error named on another template. */
  everyDay?: boolean;
}

/** Paths with a gentle fall-off (skew 1), or a publisher's rotating articles. */
export function landing(paths: readonly string[], skew = 1, perDay = 0): Landing {
  if (paths.length === 0) throw new RangeError("a landing needs at least one path");
  return { paths, skew, perDay };
}

/** `(direct) / (none)`: no referrer and no campaign parameters (§6.6). */
export function direct(options: TemplateOptions): TrafficTemplate {
  return untagged(options, {
    source: "(direct)",
    medium: "(none)",
    campaignName: "(direct)",
    channel: "Direct",
    referrers: [["", 1]],
  });
}

const DATA_DELETED = "(data deleted)";

/**
 * Sessions whose attribution a data-deletion request removed: GA4 writes `(data deleted)` in the
 * session source, medium and campaign, and no channel rule matches it (Unassigned). Real exports
 * carry some; the engine must read them as context, never as a tagging error.
 */
export function dataDeleted(options: TemplateOptions): TrafficTemplate {
  // The landing page keeps no campaign parameters, so the manual dimensions read "(not set)".
  return untagged(options, {
    source: DATA_DELETED,
    medium: DATA_DELETED,
    campaignName: DATA_DELETED,
    campaignId: DATA_DELETED,
    channel: "Unassigned",
    referrers: [["", 1]],
  });
}

/** `<engine> / organic`: an unpaid search click, campaign "(organic)". */
export function organicSearch(
  options: TemplateOptions & { source: string; referrer: string },
): TrafficTemplate {
  return untagged(options, {
    source: options.source,
    medium: "organic",
    campaignName: "(organic)",
    channel: "Organic Search",
    referrers: [[options.referrer, 1]],
  });
}

/**
 * `<host> / referral`: a link from another site, campaign "(referral)". The channel depends on
 * the host (l.facebook.com is on Google's social list: Organic Social), so it is given by hand.
 */
export function referral(
  options: TemplateOptions & {
    source: string;
    referrers: readonly Referrer[];
    channel: ChannelGroup;
  },
): TrafficTemplate {
  return untagged(options, {
    source: options.source,
    medium: "referral",
    campaignName: "(referral)",
    channel: options.channel,
    referrers: options.referrers,
  });
}

/**
 * A link tagged with UTM parameters: GA4 reads source, medium and campaign from them, writing
 * "(not set)" for a missing one (§4.1, §6.6). The query must carry at least one parameter GA4
 * reads; a link whose UTMs GA4 cannot read is `direct` or `referral` with a `query`.
 */
export function tagged(
  options: TemplateOptions & { query: string; channel: ChannelGroup },
): TrafficTemplate {
  const manual = manualValues(options.query);
  if (!carriesUtms(manual)) {
    throw new RangeError(`no UTM parameter GA4 reads in "${options.query}"`);
  }
  return build(options, {
    source: manual.source,
    medium: manual.medium,
    campaignName: manual.campaignName,
    campaignId: manual.campaignId,
    channel: options.channel,
    manual,
    referrers: options.referrers ?? [["", 1]],
  });
}

/** A query string as a link builder writes it: each UTM value percent-encoded once. */
export function utmQuery(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/** A `tagged` link carrying `values`, by default an email's link to the home page. */
export function taggedLink(
  share: number,
  values: Record<string, string>,
  extra: Partial<TemplateOptions> & { channel?: ChannelGroup } = {},
): TrafficTemplate {
  return tagged({ share, query: utmQuery(values), channel: "Email", landing: "/", ...extra });
}

/**
 * A Google Ads click with auto-tagging: GA4 reports google / cpc and the Ads campaign whatever
 * UTMs the link carries; the manual dimensions keep the UTMs (§6.3). Search campaigns are Paid
 * Search, Performance Max is Cross-network (§5.2).
 */
export function googleAds(
  options: TemplateOptions & {
    campaign: string;
    campaignId: string;
    channel: "Paid Search" | "Cross-network" | "Display" | "Paid Video";
  },
): TrafficTemplate {
  const query = options.query ?? "gad_source=1";
  return build(
    { ...options, query, clickId: "gclid" },
    {
      source: "google",
      medium: "cpc",
      campaignName: options.campaign,
      campaignId: options.campaignId,
      channel: options.channel,
      manual: manualValues(query),
      referrers: options.referrers ?? [["https://www.google.com/", 1]],
    },
  );
}

/**
 * Marks traffic as a deliberate tagging error: it shows every day, and each entry is a check the
 * engine must fail with the values its findings must name.
 */
export function injected(
  template: TrafficTemplate,
  description: string,
  ...expect: readonly { checkId: string; values: readonly string[] }[]
): TrafficTemplate {
  if (expect.length === 0) throw new RangeError("an injected error names at least one check");
  return {
    ...template,
    everyDay: true,
    expect: expect.map((entry) => ({ ...entry, description })),
  };
}

/** The manual dimensions GA4 fills from a query string (§6.1): the first of each, decoded. */
export function manualValues(query: string): ManualValues {
  const read = new Map<string, string>();
  for (const pair of query.split("&")) {
    const eq = pair.indexOf("=");
    const name = eq >= 0 ? pair.slice(0, eq) : pair;
    // Parameter names are read exactly as written: UTM_SOURCE or utm_soruce are not campaign
    // parameters (§6.2), and GA4 keeps the first of a repeated one.
    if (!UTM_NAMES.has(name) || read.has(name)) continue;
    read.set(name, eq >= 0 ? decodeQueryValue(pair.slice(eq + 1)) : "");
  }
  const value = (name: string) => {
    const found = read.get(name);
    return found === undefined || found === "" ? NOT_SET : found;
  };
  return {
    source: value("utm_source"),
    medium: value("utm_medium"),
    campaignName: value("utm_campaign"),
    campaignId: value("utm_id"),
    term: value("utm_term"),
    adContent: value("utm_content"),
  };
}

const UTM_NAMES: ReadonlySet<string> = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_id",
  "utm_term",
  "utm_content",
]);

/** A query value as GA4 stores it: "+" is a space and percent-escapes are decoded once. */
export function decodeQueryValue(value: string): string {
  const spaced = value.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const UNTAGGED_MANUAL: ManualValues = {
  source: NOT_SET,
  medium: NOT_SET,
  campaignName: NOT_SET,
  campaignId: NOT_SET,
  term: NOT_SET,
  adContent: NOT_SET,
};

interface Resolved {
  source: string;
  medium: string;
  campaignName: string;
  campaignId?: string;
  channel: ChannelGroup;
  manual?: ManualValues;
  referrers: readonly Referrer[];
}

/** Traffic GA4 attributes without campaign parameters: the manual dimensions are "(not set)". */
function untagged(options: TemplateOptions, resolved: Resolved): TrafficTemplate {
  if (options.query !== undefined && carriesUtms(manualValues(options.query))) {
    throw new RangeError(`"${options.query}" carries UTMs: use tagged()`);
  }
  return build(options, { ...resolved, manual: UNTAGGED_MANUAL });
}

function carriesUtms(manual: ManualValues): boolean {
  return Object.values(manual).some((value) => value !== NOT_SET);
}

function build(options: TemplateOptions, resolved: Resolved): TrafficTemplate {
  const spec = options.landing;
  return {
    share: options.share,
    source: resolved.source,
    medium: resolved.medium,
    campaignName: resolved.campaignName,
    campaignId: resolved.campaignId ?? NOT_SET,
    channel: resolved.channel,
    manual: resolved.manual ?? UNTAGGED_MANUAL,
    query: options.query ?? "",
    clickId: options.clickId,
    landing: typeof spec === "string" ? landing([spec]) : isLanding(spec) ? spec : landing(spec),
    referrers: options.referrers ?? resolved.referrers,
    devices: options.devices ?? MIX.balanced,
    engagementRate: options.engagementRate ?? 0.62,
    keyEventRate: options.keyEventRate ?? 0.02,
    returningRate: options.returningRate ?? 0.1,
    everyDay: options.everyDay ?? false,
    expect: [],
  };
}

function isLanding(spec: readonly string[] | Landing): spec is Landing {
  return !Array.isArray(spec);
}
