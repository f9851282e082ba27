/**
 * Turns a property's traffic templates into GA4 fact rows, one day at a time. The templates are
 * resolved once per property (the catalogue); each day draws its rows from a random stream salted
 * with the day, so a day's rows depend on the profile and the date alone and nothing is kept
 * between calls.
 */
import { dayNumber, localDayNumber, weekday } from "./calendar.ts";
import { mixSeed, Random } from "./random.ts";
import { type ClickId, DEVICES, type TrafficTemplate } from "./traffic.ts";
import type { FactRow, PropertyProfile, SyntheticProperty } from "./types.ts";

/** Salts the catalogue's stream apart from every day's. */
const CATALOGUE_SALT = 0x5eed_ca7a;
/** Salts the stream of each day's page-view facts apart from the day's own stream. */
const PAGES_SALT = 0x9a9e_5e55;

/**
 * Of the engaged sessions without a key event, the share that viewed a second page (sessions with
 * a key event always did): about 45% of all sessions at the usual 62% engagement, in the range
 * published GA4 benchmarks give for multi-page sessions.
 */
const MULTI_PAGE_RATE = 0.72;
/** Page views past the second, per multi-page session, on average (about 2.1 pages a session). */
const EXTRA_PAGES = 1.4;

/** Sessions by weekday, Sunday first: shops and news sites peak early in the working week. */
const WEEKDAY_CURVE = [0.88, 1.04, 1.07, 1.06, 1.03, 0.97, 0.86];
const WEEKDAY_MEAN = WEEKDAY_CURVE.reduce((sum, value) => sum + value, 0) / 7;

/** How much a day's total and a template's share of it wander from their averages. */
const DAY_SPREAD = 0.05;
const TEMPLATE_SPREAD = 0.12;
/** How much each template's share differs between two properties with the same plan. */
const SHARE_SPREAD = 0.15;

/** Below this many sessions a landing is in the tail, visited by skipping ahead. */
const TAIL_MEAN = 0.5;

/** Up to this many sessions are split one by one; more by a binomial per cell. */
const SMALL_SPLIT = 8;

const CLICK_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEX = "0123456789abcdef";

/** One template resolved for a property: its average day, landing ranks and constant strings. */
interface Stream {
  template: TrafficTemplate;
  /** Sessions on an average day. */
  meanSessions: number;
  paths: readonly string[];
  /** Share of the template's sessions per landing rank, over the ranks in use. */
  masses: Float64Array;
  perDay: number;
  /** Sessions share of each (device, referrer) pair, device-major. */
  cellShares: Float64Array;
  referrerUrls: readonly string[];
  querySuffix: string;
  clickPrefix: string;
}

/** The rows of one day of a property built from `templates` (baseline and injected traffic). */
export function createGenerator(
  profile: PropertyProfile,
  templates: readonly TrafficTemplate[],
): SyntheticProperty {
  const host = new URL(profile.defaultUri).host;
  const firstDay = localDayNumber(profile.createTime, profile.timeZone);
  const streams = buildStreams(profile, templates);
  const maxCells = Math.max(1, ...streams.map((stream) => stream.cellShares.length));

  return {
    profile,
    rowsForDay(date) {
      const day = dayNumber(date);
      if (day < firstDay) return [];
      const writer = new DayWriter(
        date,
        day,
        host,
        new Random(mixSeed(profile.seed, day)),
        new Random(mixSeed(mixSeed(profile.seed, PAGES_SALT), day)),
        maxCells,
      );
      const random = writer.random;
      const total = ((WEEKDAY_CURVE[weekday(day)] ?? 1) / WEEKDAY_MEAN) * random.jitter(DAY_SPREAD);
      for (const stream of streams) {
        writer.write(stream, stream.meanSessions * total * random.jitter(TEMPLATE_SPREAD));
      }
      return writer.rows;
    },
  };
}

/** Writes one day's rows, drawing everything from the day's random stream in a fixed order. */
class DayWriter {
  readonly rows: FactRow[] = [];
  readonly random: Random;
  /**
   * The page-view facts' own stream: they were added after the rest, and drawing them from the
   * day's stream would have changed every value drawn after them (and the injected errors).
   */
  private readonly pages: Random;
  private readonly date: string;
  private readonly day: number;
  private readonly host: string;
  /** Sessions per (device, referrer) cell of the landing being written. */
  private readonly counts: Int32Array;

  constructor(
    date: string,
    day: number,
    host: string,
    random: Random,
    pages: Random,
    cells: number,
  ) {
    this.date = date;
    this.day = day;
    this.host = host;
    this.random = random;
    this.pages = pages;
    this.counts = new Int32Array(cells);
  }

  /** The rows of one template, around `mean` sessions. */
  write(stream: Stream, mean: number): void {
    const { paths, masses, cellShares, referrerUrls } = stream;
    const random = this.random;
    const referrers = referrerUrls.length;
    const shift = stream.perDay > 0 ? (this.day * stream.perDay) % paths.length : 0;
    const before = this.rows.length;
    for (let rank = 0; rank < masses.length; rank++) {
      // A landing's sessions, then split over devices and referrers: splitting a Poisson count
      // gives each cell an independent Poisson count, at one draw per landing.
      let landingMean = mean * (masses[rank] ?? 0);
      let sessions: number;
      if (landingMean >= TAIL_MEAN) {
        sessions = random.poisson(landingMean);
        if (sessions === 0) continue;
      } else {
        // In the tail most landings get no visit. Masses fall with the rank, so this rank's
        // chance of a visit bounds every later one's: jump to the next candidate with it and keep
        // the candidate with its own chance over the bound (thinning).
        const bound = -Math.expm1(-landingMean);
        rank += random.failuresBeforeSuccess(bound);
        if (rank >= masses.length) break;
        landingMean = mean * (masses[rank] ?? 0);
        if (random.next() * bound >= -Math.expm1(-landingMean)) continue;
        sessions = random.poissonAtLeastOne(landingMean);
      }
      const path = paths[(rank + shift) % paths.length] as string;
      this.split(sessions, cellShares);
      for (let cell = 0; cell < cellShares.length; cell++) {
        const count = this.counts[cell] ?? 0;
        if (count === 0) continue;
        const device = DEVICES[Math.floor(cell / referrers)] ?? "desktop";
        this.add(stream, path, device, referrerUrls[cell % referrers] ?? "", count);
      }
    }
    if (this.rows.length === before && stream.template.everyDay) {
      const busiest = busiestCell(cellShares);
      const device = DEVICES[Math.floor(busiest / referrers)] ?? "desktop";
      this.add(stream, paths[shift] as string, device, referrerUrls[busiest % referrers] ?? "", 1);
    }
  }

  /** The row of one cell; every ad click carries its own id, so each is a row of its own. */
  private add(stream: Stream, path: string, device: string, referrer: string, sessions: number) {
    const clickId = stream.template.clickId;
    if (clickId === undefined) {
      this.rows.push(this.row(stream, path, device, referrer, sessions, undefined));
      return;
    }
    for (let click = 0; click < sessions; click++) {
      this.rows.push(this.row(stream, path, device, referrer, 1, this.clickValue(clickId)));
    }
  }

  /** Splits `total` sessions over the cells by their shares (a multinomial draw). */
  private split(total: number, shares: Float64Array): void {
    const out = this.counts;
    const random = this.random;
    out.fill(0, 0, shares.length);
    if (shares.length === 1) {
      out[0] = total;
      return;
    }
    if (total <= SMALL_SPLIT) {
      for (let i = 0; i < total; i++) {
        let u = random.next();
        let cell = 0;
        while (cell < shares.length - 1 && u >= (shares[cell] ?? 0)) {
          u -= shares[cell] ?? 0;
          cell += 1;
        }
        out[cell] = (out[cell] ?? 0) + 1;
      }
      return;
    }
    let left = total;
    let shareLeft = 1;
    for (let cell = 0; cell < shares.length - 1 && left > 0; cell++) {
      const share = shares[cell] ?? 0;
      const count = random.binomial(left, shareLeft > 0 ? Math.min(1, share / shareLeft) : 0);
      out[cell] = count;
      left -= count;
      shareLeft -= share;
    }
    out[shares.length - 1] = left;
  }

  private row(
    stream: Stream,
    path: string,
    device: string,
    referrer: string,
    sessions: number,
    click: string | undefined,
  ): FactRow {
    const template = stream.template;
    const manual = template.manual;
    const random = this.random;
    const engaged = random.binomial(sessions, template.engagementRate);
    // A session with a key event is engaged by GA4's definition (§4.5).
    const keyEvents = random.binomial(
      engaged,
      Math.min(1, template.keyEventRate / template.engagementRate),
    );
    const users = sessions - random.binomial(sessions - 1, template.returningRate);
    // A key event (a purchase, a lead) comes after the landing page, so its session is one of
    // the multi-page ones; and a multi-page session is engaged.
    const multiPage = keyEvents + this.pages.binomial(engaged - keyEvents, MULTI_PAGE_RATE);
    const pageViews = sessions + multiPage + this.pages.poisson(multiPage * EXTRA_PAGES);
    const withQuery = path + stream.querySuffix;
    return {
      date: this.date,
      sessionSource: template.source,
      sessionMedium: template.medium,
      sessionCampaignName: template.campaignName,
      sessionCampaignId: template.campaignId,
      sessionDefaultChannelGroup: template.channel,
      sessionManualSource: manual.source,
      sessionManualMedium: manual.medium,
      sessionManualCampaignName: manual.campaignName,
      sessionManualCampaignId: manual.campaignId,
      sessionManualTerm: manual.term,
      sessionManualAdContent: manual.adContent,
      landingPage: path,
      landingPagePlusQueryString:
        click === undefined ? withQuery : withQuery + stream.clickPrefix + click,
      pageReferrer: referrer,
      hostName: this.host,
      deviceCategory: device,
      sessions,
      keyEvents,
      totalUsers: users,
      engagedSessions: engaged,
      eventCount: sessions + pageViews + keyEvents,
      multiPageSessions: multiPage,
      pageViews,
    };
  }

  /** Click ids shaped like the real ones: gclid "Cj0KCQjw…_BwE", fbclid "IwAR…", 32-hex msclkid. */
  private clickValue(kind: ClickId): string {
    if (kind === "msclkid") return randomText(this.random, HEX_PAIRS, 32, "");
    if (kind === "fbclid") return randomText(this.random, CLICK_ID_PAIRS, 56, "IwAR");
    return `${randomText(this.random, CLICK_ID_PAIRS, 64, "Cj0KCQjw")}_BwE`;
  }
}

/** Every two-character string over an alphabet, so a click id is built two characters a step. */
function pairsOf(alphabet: string): string[] {
  const pairs: string[] = [];
  for (const first of alphabet) for (const second of alphabet) pairs.push(first + second);
  return pairs;
}

const CLICK_ID_PAIRS = pairsOf(CLICK_ID_ALPHABET);
const HEX_PAIRS = pairsOf(HEX);

/** `length` random characters (an even number) after `prefix`. */
function randomText(random: Random, pairs: readonly string[], length: number, prefix: string) {
  // 64 characters make 4,096 pairs (12 bits), 16 make 256 (8 bits); a 32-bit draw holds two.
  const bits = pairs.length === 4096 ? 12 : 8;
  const mask = pairs.length - 1;
  let out = prefix;
  for (let i = 0; i < length; i += 4) {
    const word = random.nextUint32();
    out += pairs[word & mask];
    if (i + 2 < length) out += pairs[(word >>> bits) & mask];
  }
  return out;
}

function busiestCell(shares: Float64Array): number {
  let best = 0;
  for (let i = 1; i < shares.length; i++) if ((shares[i] ?? 0) > (shares[best] ?? 0)) best = i;
  return best;
}

/**
 * Resolves the templates for one property: shares and landing order vary with the seed, and each
 * template uses as many landing ranks as it takes for the day to come to about `dailyRows` rows.
 */
function buildStreams(profile: PropertyProfile, templates: readonly TrafficTemplate[]): Stream[] {
  const random = new Random(mixSeed(profile.seed, CATALOGUE_SALT));
  const shares = templates.map((template) => template.share * random.jitter(SHARE_SPREAD));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  const curves = new Map<string, Float64Array>();
  const drafts = templates.map((template, index): Draft => {
    const meanSessions = (profile.dailySessions * (shares[index] ?? 0)) / shareTotal;
    const { paths: pool, skew, perDay } = template.landing;
    const paths = perDay > 0 ? pool : nudge([...pool], random);
    const curveKey = `${pool.length}:${skew}`;
    let cumulative = curves.get(curveKey);
    if (!cumulative) {
      cumulative = zipfCumulative(pool.length, skew);
      curves.set(curveKey, cumulative);
    }
    return { template, meanSessions, paths, cellShares: cellSharesOf(template), cumulative };
  });

  const ranks = rankBudget(profile.dailyRows, drafts);
  return drafts.map((draft, index) => {
    const template = draft.template;
    return {
      template,
      meanSessions: draft.meanSessions,
      paths: draft.paths,
      masses: masses(draft.cumulative, ranks[index] ?? 1),
      perDay: template.landing.perDay,
      cellShares: draft.cellShares,
      referrerUrls: template.referrers.map(([url]) => url),
      querySuffix: template.query === "" ? "" : `?${template.query}`,
      clickPrefix: template.query === "" ? `?${template.clickId}=` : `&${template.clickId}=`,
    };
  });
}

/** Each (device, referrer) pair's share of the template's sessions, device-major. */
function cellSharesOf(template: TrafficTemplate): Float64Array {
  const referrers = template.referrers;
  const referrerTotal = referrers.reduce((sum, [, weight]) => sum + weight, 0);
  const deviceTotal = template.devices[0] + template.devices[1] + template.devices[2];
  const shares = new Float64Array(DEVICES.length * referrers.length);
  for (let device = 0; device < DEVICES.length; device++) {
    for (let referrer = 0; referrer < referrers.length; referrer++) {
      shares[device * referrers.length + referrer] =
        ((template.devices[device] ?? 0) / deviceTotal) *
        ((referrers[referrer]?.[1] ?? 0) / referrerTotal);
    }
  }
  return shares;
}

/** Swaps each path with a near neighbour: another property's pages rank a little differently. */
function nudge(paths: string[], random: Random): string[] {
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.max(0, i - random.int(3));
    const path = paths[i] as string;
    paths[i] = paths[j] as string;
    paths[j] = path;
  }
  return paths;
}

/** Running totals of the Zipf weights 1 / (rank + 1)^skew. */
function zipfCumulative(length: number, skew: number): Float64Array {
  const cumulative = new Float64Array(length);
  let total = 0;
  for (let rank = 0; rank < length; rank++) {
    total += 1 / (rank + 1) ** skew;
    cumulative[rank] = total;
  }
  return cumulative;
}

/** Each of the first `ranks` ranks' share of the template's sessions. */
function masses(cumulative: Float64Array, ranks: number): Float64Array {
  const out = new Float64Array(ranks);
  const total = cumulative[ranks - 1] ?? 1;
  let previous = 0;
  for (let rank = 0; rank < ranks; rank++) {
    const current = cumulative[rank] ?? previous;
    out[rank] = (current - previous) / total;
    previous = current;
  }
  return out;
}

interface Draft {
  template: TrafficTemplate;
  meanSessions: number;
  paths: readonly string[];
  cellShares: Float64Array;
  cumulative: Float64Array;
}

/**
 * How many landing ranks each template uses. Click-id traffic makes one row per session and uses
 * every path; the other templates share what is left of the day's rows in proportion to their
 * sessions, a template that cannot fill its part (few pages) passing the rest on.
 */
function rankBudget(dailyRows: number, drafts: readonly Draft[]): number[] {
  const ranks = drafts.map((draft) => draft.paths.length);
  let budget = dailyRows;
  for (const draft of drafts) {
    if (draft.template.clickId !== undefined) budget -= draft.meanSessions;
  }
  const open = new Set(drafts.flatMap((draft, i) => (draft.template.clickId ? [] : [i])));
  const capacity = drafts.map((draft) => expectedRows(draft, draft.paths.length));
  const targets = drafts.map(() => 0);
  let left = Math.max(0, budget);
  // Water-filling: hand out the rows by sessions; capped templates return their surplus.
  for (let round = 0; round < 8 && open.size > 0 && left > 0.5; round++) {
    let sessions = 0;
    for (const i of open) sessions += drafts[i]?.meanSessions ?? 0;
    if (sessions <= 0) break;
    let handedOut = 0;
    for (const i of [...open]) {
      const want = (targets[i] ?? 0) + (left * (drafts[i]?.meanSessions ?? 0)) / sessions;
      const cap = capacity[i] ?? 0;
      const next = Math.min(want, cap);
      handedOut += next - (targets[i] ?? 0);
      targets[i] = next;
      if (next >= cap) open.delete(i);
    }
    left -= handedOut;
  }
  drafts.forEach((draft, i) => {
    if (draft.template.clickId !== undefined) return;
    ranks[i] = ranksFor(draft, targets[i] ?? 0);
  });
  return ranks;
}

/** The fewest ranks whose expected distinct rows reach the target (bisection). */
function ranksFor(draft: Draft, target: number): number {
  let low = 1;
  let high = draft.paths.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (expectedRows(draft, middle) >= target) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Ranks summed one by one; past them, one rank in every stride stands for its stride. */
const EXACT_RANKS = 1024;
const SAMPLED_RANKS = 2048;

/**
 * Expected distinct rows of an average day using the first `ranks` ranks: a cell shows when its
 * Poisson count is not zero. The long tail is sampled: this only sizes the day.
 */
function expectedRows(draft: Draft, ranks: number): number {
  const { cumulative, cellShares, meanSessions } = draft;
  const scale = meanSessions / (cumulative[ranks - 1] ?? 1);
  const shown = (rank: number) => {
    const landingMean = scale * ((cumulative[rank] ?? 0) - (cumulative[rank - 1] ?? 0));
    let rows = 0;
    for (const share of cellShares) rows += 1 - Math.exp(-landingMean * share);
    return rows;
  };
  let rows = 0;
  const exact = Math.min(ranks, EXACT_RANKS);
  for (let rank = 0; rank < exact; rank++) rows += shown(rank);
  const stride = Math.max(1, Math.ceil((ranks - exact) / SAMPLED_RANKS));
  for (let start = exact; start < ranks; start += stride) {
    const width = Math.min(stride, ranks - start);
    rows += width * shown(start + Math.floor(width / 2));
  }
  return rows;
}
