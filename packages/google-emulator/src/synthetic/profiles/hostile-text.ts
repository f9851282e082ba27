/**
 * A property whose names and UTM values are markup, script URLs, template and spreadsheet
 * formulas and bidi controls, as anyone who can tag a link or name a GA4 property may write
 * them. Its tagging errors put those strings into issue titles, values and exports, so a client
 * can prove it shows Google's text as text. Kept out of PROFILE_KEYS: only its own test user
 * sees it (world.ts), and the demo world stays as it was.
 */
import {
  direct,
  injected,
  landing,
  organicSearch,
  type TrafficTemplate,
  taggedLink,
} from "../traffic.ts";
import type { ProfileDefinition } from "./definition.ts";

/** The strings under test; e2e/tests/google-hostile-text.spec.ts looks for each of them. */
export const HOSTILE_TEXT = {
  img: "<img src=x onerror=alert(1)>",
  imgShouted: "<IMG SRC=x ONERROR=alert(1)>",
  svg: "<svg/onload=alert(1)>",
  script: '"><script>alert(1)</script>',
  jsUrl: "javascript:alert(1)",
  /** A template expression, next to a real macro so the engine reports it. */
  template: "{{7*7}}{{campaign.name}}",
  formula: '=HYPERLINK("http://evil")',
  formulaLower: '=hyperlink("http://evil")',
  /** U+202E RIGHT-TO-LEFT OVERRIDE: "exe.txt" is shown reversed after it. */
  bidi: "\u202Eexe.txt",
} as const;

const H = HOSTILE_TEXT;

export const HOSTILE_ACCOUNT_NAME = `${H.img} Agency`;
export const HOSTILE_PROPERTY_NAME = `${H.script}${H.svg} ${H.template}`;

const HOME = "/";
const PAGES = [HOME, "/pricing", "/blog/launch"];

const link = taggedLink;

function baseline(): readonly TrafficTemplate[] {
  return [
    direct({ share: 0.35, landing: landing(PAGES) }),
    organicSearch({
      share: 0.3,
      source: "google",
      referrer: "https://www.google.com/",
      landing: landing(PAGES),
    }),
    link(0.15, { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring_sale" }),
  ];
}

const errors: readonly TrafficTemplate[] = [
  injected(
    link(0.04, { utm_source: "newsletter", utm_medium: "email", utm_campaign: H.img }),
    "A campaign named with an <img> tag, also written in capitals, with spaces between words",
    { checkId: "case-inconsistency", values: [H.img, H.imgShouted] },
    { checkId: "mixed-separators", values: [H.img, H.imgShouted] },
  ),
  link(
    0.03,
    { utm_source: "newsletter", utm_medium: "email", utm_campaign: H.imgShouted },
    { everyDay: true },
  ),
  injected(
    link(0.04, { utm_source: "newsletter", utm_medium: "email", utm_campaign: H.formula }),
    "A campaign named with a spreadsheet formula, in two letter cases",
    { checkId: "case-inconsistency", values: [H.formula, H.formulaLower] },
  ),
  link(
    0.03,
    { utm_source: "newsletter", utm_medium: "email", utm_campaign: H.formulaLower },
    { everyDay: true },
  ),
  injected(
    link(
      0.04,
      { utm_source: H.jsUrl, utm_medium: H.svg, utm_campaign: "spring_sale" },
      { channel: "Unassigned" },
    ),
    "A javascript: URL as source and an <svg> tag as medium, which no channel rule knows",
    { checkId: "non-standard-medium", values: [H.svg] },
    { checkId: "unassigned-traffic", values: [`${H.jsUrl} / ${H.svg}`] },
  ),
  injected(
    link(0.04, { utm_source: "newsletter", utm_medium: "email", utm_campaign: H.template }),
    "A template expression left in the campaign name",
    { checkId: "unreplaced-macro", values: [H.template] },
  ),
  injected(
    link(0.04, {
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring_sale",
      utm_content: `${H.script}${H.bidi}`,
    }),
    "A <script> tag and a right-to-left override in utm_content",
    { checkId: "non-ascii-value", values: [`${H.script}${H.bidi}`] },
  ),
];

export const hostileText: ProfileDefinition = {
  profile: {
    key: "hostile-text",
    propertyId: "487120963",
    displayName: HOSTILE_PROPERTY_NAME,
    defaultUri: "https://www.hostile-text.example",
    timeZone: "Europe/London",
    currencyCode: "USD",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2025-03-03T10:00:00.000Z",
    seed: 6661,
    // About 1,000 sessions in 90 days (each error adds its session a day): a scan is quick.
    dailySessions: 6,
    dailyRows: 12,
  },
  baseline,
  errors,
};
