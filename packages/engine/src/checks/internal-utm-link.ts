// Detects UTM-tagged links inside the site: a utm_source naming the site itself (its host, its
// brand, "homepage", "footer"), tagged landings on cart, checkout or thank-you pages, and tagged
// landings reached from the site's own pages. Internal UTMs overwrite the visitor's real source.
import { predictChannel, sourceCategory } from "../channels/channel-group.ts";
import type { Column } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { PendingFindings } from "../core/findings.ts";
import type { Dimension } from "../core/types.ts";
import { isUserValue, normalizeHost, parseLanding, siteDomain } from "../core/values.ts";
import {
  decodeComponent,
  GLANCE,
  GLANCE_NAME_MASK,
  glancedParam,
  isUtmParam,
  landingGlances,
  mentionsUtm,
  pathKey,
} from "../rules/urls.ts";

/** Source words that on their own name a place on the site ("homepage", "footer", "pop-up"). */
const PLACE_WORDS = new Set([
  "home",
  "homepage",
  "website",
  "site",
  "onsite",
  "internal",
  "intranet",
  "nav",
  "navbar",
  "navigation",
  "mainnav",
  "menu",
  "megamenu",
  "footer",
  "header",
  "popup",
  "sidebar",
  "topbar",
]);
/** Words that only describe an element or a position, internal only next to a place word. */
const ELEMENT_WORDS = new Set([
  "banner",
  "button",
  "btn",
  "link",
  "links",
  "cta",
  "hero",
  "top",
  "bottom",
  "left",
  "right",
  "main",
  "widget",
  "bar",
  "tile",
  "slider",
  "carousel",
  "teaser",
  "inline",
  "exit",
  "sticky",
  "block",
  "box",
  "module",
  "section",
  "area",
  "promo",
  "page",
  "web",
  "www",
  "mobile",
  "desktop",
  "pop",
  "up",
  "on",
]);
/** Medium words for a link on a page rather than a channel ("banner", "button", "internal"). */
const INTERNAL_MEDIUM_WORDS = new Set([
  "banner",
  "button",
  "btn",
  "link",
  "links",
  "textlink",
  "crosslink",
  "internal",
  "nav",
  "navbar",
  "navigation",
  "menu",
  "cta",
  "hero",
  "footer",
  "header",
  "sidebar",
  "popup",
  "widget",
  "teaser",
  "tile",
  "slider",
  "carousel",
  "inline",
  "onsite",
  "website",
  "homepage",
]);
/** Medium words that say the link is internal, whatever the source says. */
const SAYS_INTERNAL = new Set(["internal", "onsite", "crosslink", "navigation", "nav", "navbar"]);
/** Mediums of offline and partner placements: external even though no channel rule names them. */
const OFFLINE_MEDIUMS = new Set([
  "print",
  "qr",
  "qrcode",
  "offline",
  "flyer",
  "leaflet",
  "poster",
  "directmail",
  "mailer",
  "postcard",
  "catalog",
  "catalogue",
  "tv",
  "radio",
  "ooh",
  "billboard",
  "outdoor",
  "event",
  "events",
  "packaging",
  "instore",
  "pos",
  "podcast",
  "partner",
  "partners",
  "pr",
  "press",
  "webinar",
]);
/** Channels only a link from outside the site produces. */
const EXTERNAL_CHANNELS = new Set<string>([
  "Cross-network",
  "Paid Shopping",
  "Paid Search",
  "Paid Social",
  "Paid Video",
  "Paid Other",
  "Organic Shopping",
  "Organic Social",
  "Organic Video",
  "Organic Search",
  "Email",
  "Affiliates",
  "Audio",
  "SMS",
  "Mobile Push Notifications",
]);

/** After a purchase or a form: no campaign link belongs here, whatever its medium. */
const AFTER_CONVERSION =
  /^(?:thank-?you(?:[-_].*)?|thank_you(?:[-_].*)?|thanks|confirmation|order-confirmation|order-received|order-complete|order-completed|checkout-success)$/;
/**
 * Inside the funnel: reminder emails and cart links in ads legitimately land here, so only links
 * whose tags name no outside channel are reported.
 */
const IN_FUNNEL = new Set([
  "checkout",
  "cart",
  "basket",
  "account",
  "my-account",
  "myaccount",
  "login",
  "log-in",
  "signin",
  "sign-in",
  "order",
  "orders",
  "payment",
]);
/** Stands for the site's brand among the words of a source. */
const BRAND = "\u0000brand";
/** Cheap pre-filter: every funnel segment contains one of these. */
const FUNNEL_HINT =
  /checkout|cart|basket|account|log-?in|sign-?in|order|payment|thank|confirmation/i;
const PAGE_EXTENSION = /\.(?:html?|php|aspx?|jsp)$/;
const WORD_SEPARATORS = /[^a-z0-9]+/;
const TRAILING_DIGITS = /\d+$/;
const NON_ALPHANUMERIC = /[^a-z0-9]/g;

/** utm_source and utm_medium of a tagged landing value, as the link wrote them. */
interface LandingUtms {
  /** Decoded. */
  source: string | undefined;
  medium: string | undefined;
  /** utm_source names the site's own host. */
  namesOwnHost: boolean;
}

/** A landing path inside the checkout or account funnel, and the finding it belongs to. */
interface Funnel {
  afterConversion: boolean;
  key: string;
  title: string;
}

/**
 * What the check needs from one landing value, once per distinct value. Its path and funnel are
 * read at once; its UTMs when a row first asks: most rows carry their source and medium in the
 * dimensions, and at high cardinality nearly every landing value is one row's. A landing value
 * read from its glance fills the one info the check reuses from value to value (`reset`): an
 * object a landing value, most of what the check allocated, was a collection a few thousand
 * values.
 */
class LandingInfo {
  /** Carries at least one parameter GA4 reads as a campaign parameter. */
  tagged: boolean;
  funnel: Funnel | undefined;
  /** Whether the path has a funnel word (FUNNEL_HINT): none, no funnel. */
  hinted = false;
  /** The path, cut from the landing value when first asked (undefined until then). */
  private cut: string | undefined;
  private landing: string;
  private glance: number;
  private readonly isOwnHost: (host: string) => boolean;
  private read: LandingUtms | undefined;

  constructor(
    tagged: boolean,
    path: string,
    landing: string,
    glance: number,
    isOwnHost: (host: string) => boolean,
    utms?: LandingUtms,
  ) {
    this.tagged = tagged;
    this.cut = path;
    this.hinted = tagged && FUNNEL_HINT.test(path);
    this.funnel = this.hinted ? funnelOf(path) : undefined;
    this.landing = landing;
    this.glance = glance;
    this.isOwnHost = isOwnHost;
    this.read = utms;
  }

  /**
   * Makes this the info of another tagged landing value, its UTMs read from its glance and its
   * path (up to the first "?") cut when asked; `hinted` says whether the path has a funnel word,
   * when the caller knows it (the same for every landing value of a shape), else undefined.
   */
  reset(landing: string, glance: number, hinted: boolean | undefined): this {
    this.tagged = true;
    this.landing = landing;
    this.glance = glance;
    this.read = undefined;
    this.cut = undefined;
    this.hinted = hinted ?? FUNNEL_HINT.test(this.path);
    this.funnel = this.hinted ? funnelOf(this.path) : undefined;
    return this;
  }

  /** The landing value's path ("/" for none). */
  get path(): string {
    // Stryker disable next-line StringLiteral: pathKey reads "" as "/"
    this.cut ??= this.landing.slice(0, this.landing.indexOf("?")) || "/";
    return this.cut;
  }

  utms(): LandingUtms {
    this.read ??= glancedUtms(this.landing, this.glance, this.isOwnHost);
    return this.read;
  }
}

const UNTAGGED = new LandingInfo(false, "/", "", 0, () => false, {
  source: undefined,
  medium: undefined,
  namesOwnHost: false,
});

/** What a person set for a dimension in a view's rows, by value id (`userValuesBeside`). */
interface UserValues {
  valueOfRow: Int32Array;
  /** Each value when a person set it, else undefined. */
  user: readonly (string | undefined)[];
}

/**
 * What `inspect` reads of the rows of one view, beside a column of them: each row's source,
 * medium and referrer by value id, the referrers' hosts judged once (1 own, -1 not, 0 not yet;
 * made when first asked), and each source and medium pair's judgement by the pair's ids.
 */
interface Readings {
  /** The id of the view's first row: row `at` is reported by id `firstId + at`. */
  firstId: number;
  sources: UserValues;
  mediums: UserValues;
  referrers: Column;
  ownReferrer: Int8Array;
  /** By `sourceId * mediums.user.length + mediumId`; undefined when the pairs are too many. */
  judged: Judgement[] | undefined;
}

/** Every finding of the check is on the landing page: the link is what carries the tags. */
const FIELD: Dimension = "landingPagePlusQueryString";

/** Above this many source and medium pairs, judgements are looked up by text only. */
const MAX_JUDGED_PAIRS = 1 << 16;

type SourceVerdict = { key: string; title: string } | undefined;

/** What one source and medium say, judged once per distinct pair. */
interface Judgement {
  source: SourceVerdict;
  externalInFunnel: boolean;
  /** The source names the site's own host: only then does the link's own utm_source matter. */
  sourceIsOwnHost: boolean;
}

export const internalUtmLink = defineCheck({
  id: "internal-utm-link",
  title: "UTM parameters on internal links",
  severity: "critical",
  description:
    "Links inside the site carry UTM parameters (utm_source naming the site, tagged cart or checkout pages, tagged pages reached from the site), which overwrite the visitor's real source.",
  guide: {
    whyItMatters:
      "UTM parameters tell GA4 where a visitor came from; on a link inside your own site they tell it the visitor came from your site. The click credits key events to the internal campaign instead of the ad, email or search that brought the visitor, starts a new session attributed to your own site when the previous one has timed out, and becomes the visitor's latest campaign, so their later direct visits are credited to it too. Paid and email channels look weaker than they are, and sessions and users are inflated.",
    howToFix:
      "Remove utm_ parameters from every link between pages of your site: navigation, banners, buttons, pop-ups, emails' 'view in browser' pages, and redirects back from payment or login. To measure internal promotions, send a GA4 event instead (for example select_promotion with promotion_name, or a click event with a link_id parameter) and report on it. Keep UTMs only on links placed outside your site.",
    exampleWrong:
      "Homepage banner linking to https://www.example.com/spring-sale?utm_source=homepage&utm_medium=banner&utm_campaign=spring_sale",
    exampleCorrect:
      "Homepage banner linking to https://www.example.com/spring-sale, with a select_promotion event (promotion_name: spring_sale, creative_slot: homepage_banner)",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9191807",
  },
  view: "referrers",
  requires: [["landingPagePlusQueryString", "sessionManualSource", "sessionSource"]],
  run(data, findings) {
    const brands = brandTokens(data.context.siteHosts);
    const ownHosts = new Map<string, boolean>();
    const isOwnHost = (host: string): boolean => {
      let own = ownHosts.get(host);
      // Stryker disable next-line ConditionalExpression: a cache
      if (own === undefined) {
        own = data.hasSiteHosts && data.isOwnHost(host);
        // Stryker disable next-line CallExpression: a cache
        ownHosts.set(host, own);
      }
      return own;
    };
    // source -> medium -> judgement, for links that do / do not themselves name the own host.
    const judgedPlain = new Map<string, Map<string, Judgement>>();
    const judgedNamingOwnHost = new Map<string, Map<string, Judgement>>();
    const judge = (source: string, medium: string, namesOwnHost: boolean): Judgement => {
      const bySource = namesOwnHost ? judgedNamingOwnHost : judgedPlain;
      let byMedium = bySource.get(source);
      // Stryker disable next-line ConditionalExpression: a cache
      if (!byMedium) {
        byMedium = new Map();
        // Stryker disable next-line CallExpression: a cache
        bySource.set(source, byMedium);
      }
      let judgement = byMedium.get(medium);
      // Stryker disable next-line ConditionalExpression: a cache
      if (!judgement) {
        judgement = {
          source: judgeSource(source, medium, namesOwnHost, brands, isOwnHost),
          externalInFunnel: isExternal(source, medium, true),
          sourceIsOwnHost: isOwnHost(source.trim().toLowerCase()),
        };
        // Stryker disable next-line CallExpression: a cache
        byMedium.set(medium, judgement);
      }
      return judgement;
    };

    const sourceDimension = data.utmDimension("source");
    const mediumDimension = data.utmDimension("medium");
    /**
     * A dimension's value in each row of a column's view when a person set it (what GA4
     * recorded), else undefined: read by value id, each value judged once.
     */
    const userValuesBeside = (column: Column, dimension: Dimension | undefined): UserValues => {
      // Stryker disable next-line ConditionalExpression: no dimension, no value
      if (!dimension)
        return { valueOfRow: new Int32Array(column.data.rowCount).fill(-1), user: [] };
      const of = data.columnBeside(column, dimension);
      return {
        valueOfRow: of.valueOfRow,
        user: of.values.map((value) => (isUserValue(value) ? value : undefined)),
      };
    };
    // Stryker disable next-line StringLiteral: any non-word reads as no source
    const fromLanding = (value: string | undefined): string => (isUserValue(value) ? value : "");
    /** What `inspect` reads of the rows of a column's view, by value id. */
    const readingsBeside = (column: Column): Readings => {
      const sources = userValuesBeside(column, sourceDimension);
      const mediums = userValuesBeside(column, mediumDimension);
      const pairs = sources.user.length * mediums.user.length;
      return {
        firstId: column.firstId,
        sources,
        mediums,
        referrers: data.columnBeside(column, "pageReferrer"),
        ownReferrer: new Int8Array(0),
        // Stryker disable next-line ConditionalExpression,EqualityOperator: judge says the same
        judged: pairs <= MAX_JUDGED_PAIRS ? new Array<Judgement>(pairs) : undefined,
      };
    };

    // Findings gathered by row id, in the order rows are inspected, and handed over at the end:
    // no row object is made for a row reported (at high cardinality most tagged rows may be).
    const pending = new PendingFindings();
    /** Inspects row `at` of the view `readings` are of. */
    const inspect = (
      readings: Readings,
      at: number,
      landing: string | undefined,
      info: LandingInfo,
    ) => {
      const { sources, mediums } = readings;
      const sourceId = sources.valueOfRow[at] as number;
      const mediumId = mediums.valueOfRow[at] as number;
      const rowSource = sourceId >= 0 ? sources.user[sourceId] : undefined;
      const rowMedium = mediumId >= 0 ? mediums.user[mediumId] : undefined;
      // Both set in the row (the usual case): the pair's judgement read by value ids, without a
      // lookup by text a row.
      const pair =
        readings.judged && rowSource !== undefined && rowMedium !== undefined
          ? sourceId * mediums.user.length + mediumId
          : -1;
      // The row's dimension first (what GA4 recorded), else what the landing URL says.
      const source = rowSource ?? fromLanding(info.utms().source);
      const medium = rowMedium ?? fromLanding(info.utms().medium);
      let judgement = pair >= 0 ? readings.judged?.[pair] : undefined;
      if (!judgement) {
        judgement = judge(source, medium, false);
        if (pair >= 0) (readings.judged as Judgement[])[pair] = judgement;
      }
      // Whether the link names the own host changes the verdict on an own-host source only.
      if (judgement.sourceIsOwnHost && info.utms().namesOwnHost) {
        judgement = judge(source, medium, true);
      }
      const id = readings.firstId + at;
      if (judgement.source) {
        const finding = pending.of(judgement.source.key, judgement.source.title, FIELD);
        finding.ids.push(id);
        finding.addValue(source);
      }
      // Stryker disable next-line ConditionalExpression: without a landing the info is UNTAGGED
      if (!info.tagged || landing === undefined) return;
      const funnel = info.funnel;
      if (funnel && (funnel.afterConversion || !judgement.externalInFunnel)) {
        const finding = pending.of(funnel.key, funnel.title, FIELD);
        finding.ids.push(id);
        finding.addValue(landing);
      }
      // The referrer by value id, each value's host judged once.
      const referrer = readings.referrers.valueOfRow[at] as number;
      if (referrer >= 0 && ownReferrer(readings, referrer)) {
        const path = info.path;
        const finding = pending.of(
          `referrer:${pathKey(path)}`,
          `Links from your own pages to ${path} carry UTM parameters`,
          FIELD,
        );
        finding.ids.push(id);
        finding.addValue(landing);
      }
    };
    /** Whether the referrer value `referrer` of `readings` is one of the site's own hosts. */
    const ownReferrer = (readings: Readings, referrer: number): boolean => {
      if (readings.ownReferrer.length === 0) {
        readings.ownReferrer = new Int8Array(readings.referrers.values.length);
      }
      let own = readings.ownReferrer[referrer] as number;
      if (own === 0) {
        own = isOwnHost(readings.referrers.values[referrer] as string) ? 1 : -1;
        readings.ownReferrer[referrer] = own;
      }
      return own > 0;
    };

    // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut
    if (!data.has("landingPagePlusQueryString")) {
      const readings = readingsBeside(data.ownColumn("landingPagePlusQueryString"));
      for (let r = 0; r < data.rowCount; r++) inspect(readings, r, undefined, UNTAGGED);
      pending.addTo(findings);
      return;
    }
    // By distinct landing value (a view shared with other checks), so each URL is parsed once.
    const landings = data.column("landingPagePlusQueryString");
    const { values, starts, ids, firstId, shapes, shapeCount } = landings;
    const readings = readingsBeside(landings);
    const glances = landingGlances(data);
    // Filled anew for each landing value read from its glance: no row keeps it.
    const reused = new LandingInfo(false, "/", "", 0, isOwnHost);
    // Whether each shape of landing page has a funnel word in its path (1 yes, 2 no, 0 not yet
    // known): the words read no digit, so a shape's values all have one or none.
    const hints = shapes ? new Uint8Array(shapeCount ?? 0) : undefined;
    for (let v = 0; v < values.length; v++) {
      const landing = values[v] as string;
      const shape = shapes ? (shapes[v] as number) : -1;
      const mark = hints && shape >= 0 ? (hints[shape] as number) : 0;
      const info = landingInfo(
        landing,
        glances[v] as number,
        isOwnHost,
        reused,
        mark === 0 ? undefined : mark === 1,
      );
      if (hints && shape >= 0 && mark === 0 && info === reused) hints[shape] = info.hinted ? 1 : 2;
      const to = starts[v + 1] as number;
      for (let i = starts[v] as number; i < to; i++) {
        inspect(readings, (ids[i] as number) - firstId, landing, info);
      }
    }
    const own = data.ownColumn("landingPagePlusQueryString");
    const ownReadings = readingsBeside(own);
    for (let r = 0; r < data.rowCount; r++) {
      // Stryker disable next-line ConditionalExpression: inspecting a row again adds nothing
      if (own.valueOfRow[r] !== -1) continue;
      inspect(ownReadings, r, undefined, UNTAGGED);
    }
    pending.addTo(findings);
  },
});

/** Whether a utm_source names the site itself, and the finding it belongs to. */
function judgeSource(
  source: string,
  medium: string,
  linkNamesOwnHost: boolean,
  brands: readonly (readonly string[])[],
  isOwnHost: (host: string) => boolean,
): SourceVerdict {
  if (isExternal(source, medium, false)) return undefined;
  const lower = source.trim().toLowerCase();
  if (isOwnHost(lower)) {
    // Without the tagged URL, own-host / referral is a self-referral (self-referral's finding).
    const fromUtm =
      linkNamesOwnHost || (isUserValue(medium) && medium.trim().toLowerCase() !== "referral");
    return fromUtm
      ? {
          key: `source:${normalizeHost(lower)}`,
          title: `Internal links tagged with your own host as utm_source (${source})`,
        }
      : undefined;
  }
  const key = `source:${lower}`;
  // utm_medium=internal (or onsite, navigation...) says it outright, whatever the source.
  if (mediumWords(medium).some((word) => SAYS_INTERNAL.has(word)) && isInternalMedium(medium)) {
    return { key, title: `Internal links tagged utm_source=${source} / utm_medium=${medium}` };
  }
  const words = wordsOf(lower, brands);
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (words.length === 0) return undefined;
  let place = false;
  let ambiguous = false;
  for (const word of words) {
    if (PLACE_WORDS.has(word)) place = true;
    // "blog" may be someone else's blog and a brand may tag its own newsletter: they count only
    // when the medium names a link on a page.
    else if (word === "blog" || word === BRAND) ambiguous = true;
    else if (!ELEMENT_WORDS.has(word)) return undefined;
  }
  if (!place && !(ambiguous && isInternalMedium(medium))) return undefined;
  return { key, title: `Internal links tagged utm_source=${source}` };
}

/**
 * The words of a source, a run of words spelling a brand replaced by one marker; a word that
 * spells a place as one ("home-page", "pop-up") becomes that word.
 */
function wordsOf(lower: string, brands: readonly (readonly string[])[]): string[] {
  let words = lower
    .split(WORD_SEPARATORS)
    .map((word) => word.replace(TRAILING_DIGITS, ""))
    .filter((word) => word !== "");
  const joined = words.join("");
  if (PLACE_WORDS.has(joined)) return [joined];
  for (const brand of brands) {
    const compact = brand.join("");
    words = words.map((word) => (word === compact ? BRAND : word));
    // Stryker disable next-line ArithmeticOperator: more steps find nothing more
    for (let i = 0; i + brand.length <= words.length; i++) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a one-word brand was replaced just above
      if (brand.length > 1 && brand.every((part, j) => words[i + j] === part)) {
        words.splice(i, brand.length, BRAND);
      }
    }
  }
  return words;
}

/** Brand names from the site's hosts: the first label of each domain, split into words. */
function brandTokens(siteHosts: readonly string[]): string[][] {
  const brands = new Map<string, string[]>();
  for (const host of siteHosts) {
    // Stryker disable next-line StringLiteral: split always has a first part
    const label = siteDomain(host).split(".", 1)[0] ?? "";
    if (label.replace(NON_ALPHANUMERIC, "").length < 3) continue;
    brands.set(
      label,
      // Stryker disable next-line all: a domain label has no separator at its ends
      label.split(WORD_SEPARATORS).filter((word) => word !== ""),
    );
  }
  return [...brands.values()];
}

function isInternalMedium(medium: string): boolean {
  const words = mediumWords(medium);
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (words.length === 0) return false;
  // Stryker disable next-line ConditionalExpression,StringLiteral: mediumWords joins these
  if (INTERNAL_MEDIUM_WORDS.has(words.join(""))) return true;
  return (
    words.some((word) => INTERNAL_MEDIUM_WORDS.has(word)) &&
    words.every(
      (word) => INTERNAL_MEDIUM_WORDS.has(word) || ELEMENT_WORDS.has(word) || word === "text",
    )
  );
}

function mediumWords(medium: string): string[] {
  // Stryker disable next-line MethodExpression: the split drops spaces at the ends
  const words = medium
    .trim()
    .toLowerCase()
    .split(WORD_SEPARATORS)
    .filter((word) => word !== "");
  const joined = words.join("");
  return INTERNAL_MEDIUM_WORDS.has(joined) ? [joined] : words;
}

/**
 * True when the tags name a channel outside the site (email, paid, social, offline...). In the
 * funnel, display retargeting, partner referrals and known platforms count as outside too.
 */
function isExternal(source: string, medium: string, inFunnel: boolean): boolean {
  if (!isUserValue(medium) || isInternalMedium(medium)) {
    return inFunnel && sourceCategory(source) !== undefined;
  }
  // Stryker disable next-line StringLiteral: any unknown source
  const channel = predictChannel({ source: "", medium });
  if (EXTERNAL_CHANNELS.has(channel)) return true;
  // Stryker disable next-line MethodExpression: NON_ALPHANUMERIC removes spaces too
  if (OFFLINE_MEDIUMS.has(medium.trim().toLowerCase().replace(NON_ALPHANUMERIC, ""))) return true;
  if (!inFunnel) return false;
  return channel === "Display" || channel === "Referral" || sourceCategory(source) !== undefined;
}

/**
 * A landing value's info: whether it is tagged, read from its glance (`utmGlance`) when it can,
 * else from the parsed URL (whose UTMs are then read at once).
 */
function landingInfo(
  landing: string,
  glance: number,
  isOwnHost: (host: string) => boolean,
  reused: LandingInfo,
  hinted: boolean | undefined,
): LandingInfo {
  // GA4's placeholders never mention "utm": no need to test for them first.
  // Stryker disable next-line ConditionalExpression: a shortcut
  if ((glance & GLANCE.mentions) === 0) return UNTAGGED;
  if ((glance & GLANCE.irregular) === 0) {
    // Only recognised names, written plainly: tagged when any is there.
    // Stryker disable next-line ConditionalExpression: an untagged landing is never inspected further
    if ((glance & GLANCE_NAME_MASK) === 0) return UNTAGGED;
    return reused.reset(landing, glance, hinted);
  }
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (!mentionsUtm(landing)) return UNTAGGED;
  const url = parseLanding(landing);
  let tagged = false;
  let source: string | undefined;
  let medium: string | undefined;
  for (const param of url.params) {
    if (!isUtmParam(param)) continue;
    tagged = true;
    if (param.name === "utm_source") source ??= decodeComponent(param.value);
    else if (param.name === "utm_medium") medium ??= decodeComponent(param.value);
  }
  // Stryker disable next-line ConditionalExpression: an untagged landing is never inspected further
  if (!tagged) return UNTAGGED;
  // Stryker disable next-line StringLiteral: pathKey reads "" as "/"
  return new LandingInfo(true, url.path || "/", landing, glance, isOwnHost, {
    source,
    medium,
    namesOwnHost: source !== undefined && isOwnHost(source),
  });
}

/** The UTMs of a tagged landing value whose glance is not irregular, read without parsing it. */
function glancedUtms(
  landing: string,
  glance: number,
  isOwnHost: (host: string) => boolean,
): LandingUtms {
  const rawSource = glancedParam(landing, glance, "utm_source");
  const rawMedium = glancedParam(landing, glance, "utm_medium");
  const source = rawSource === undefined ? undefined : decodeComponent(rawSource);
  return {
    source,
    medium: rawMedium === undefined ? undefined : decodeComponent(rawMedium),
    namesOwnHost: source !== undefined && isOwnHost(source),
  };
}

/**
 * The path up to its confirmation segment, else up to its first checkout, cart or account
 * segment; undefined when it has neither. Only for a path with a funnel word (FUNNEL_HINT).
 */
function funnelOf(path: string): Funnel | undefined {
  const raw = path.split("/");
  const segments = raw.map((segment) => segment.toLowerCase().replace(PAGE_EXTENSION, ""));
  const confirmation = segments.findIndex((segment) => AFTER_CONVERSION.test(segment));
  const at = confirmation >= 0 ? confirmation : segments.findIndex((s) => IN_FUNNEL.has(s));
  if (at < 0) return undefined;
  const prefix = raw.slice(0, at + 1).join("/");
  return {
    afterConversion: confirmation >= 0,
    key: `funnel:${pathKey(prefix)}`,
    title: `UTM-tagged links land on ${prefix}, deep in the funnel`,
  };
}
