/**
 * Fernhill Bakery, a small bakery's site whose owner has since removed the agency's access: the
 * emulator revokes any grant used against it. Its data is ordinary and clean.
 */
import {
  direct,
  landing,
  MIX,
  organicSearch,
  referral,
  type TrafficTemplate,
  tagged,
} from "../traffic.ts";
import { type ProfileDefinition, paths } from "./definition.ts";

const HOME = "/";
const PAGES = [
  HOME,
  "/menu",
  "/order-online",
  "/celebration-cakes",
  "/visit-us",
  "/wholesale",
  ...paths("/journal/", ["sourdough-starter-guide", "our-new-rye-loaf", "christmas-opening-hours"]),
];

function baseline(): readonly TrafficTemplate[] {
  return [
    direct({ share: 0.3, landing: landing(PAGES.slice(0, 5), 1.4), returningRate: 0.3 }),
    organicSearch({
      share: 0.42,
      source: "google",
      referrer: "https://www.google.com/",
      landing: landing(PAGES, 1.0),
      devices: MIX.mobileFirst,
      keyEventRate: 0.03,
    }),
    organicSearch({
      share: 0.03,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: landing(PAGES.slice(0, 4)),
      devices: MIX.desktopLeaning,
    }),
    tagged({
      share: 0.1,
      query: "utm_source=instagram&utm_medium=social&utm_campaign=link_in_bio",
      channel: "Organic Social",
      landing: landing(["/order-online", HOME]),
      referrers: [["https://l.instagram.com/", 1]],
      devices: MIX.social,
      keyEventRate: 0.04,
    }),
    referral({
      share: 0.06,
      source: "m.facebook.com",
      channel: "Organic Social",
      referrers: [["https://m.facebook.com/", 1]],
      landing: landing([HOME, "/menu"]),
      devices: MIX.social,
    }),
    tagged({
      share: 0.06,
      query: "utm_source=mailerlite&utm_medium=email&utm_campaign=weekend_bakes",
      channel: "Email",
      landing: landing(["/order-online", "/menu"]),
      returningRate: 0.25,
      keyEventRate: 0.08,
    }),
    referral({
      share: 0.03,
      source: "tripadvisor.ie",
      channel: "Referral",
      referrers: [["https://www.tripadvisor.ie/", 1]],
      landing: "/visit-us",
    }),
  ];
}

export const revokedClient: ProfileDefinition = {
  profile: {
    key: "revoked-client",
    propertyId: "421776305",
    displayName: "Fernhill Bakery",
    defaultUri: "https://www.fernhillbakery.ie",
    timeZone: "Europe/Dublin",
    currencyCode: "EUR",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2024-02-19T09:12:44.501Z",
    seed: 5150,
    dailySessions: 140,
    dailyRows: 45,
    revokesGrants: true,
  },
  baseline,
  errors: [],
};
