import { describe, expect, it } from "vitest";
import { dayNumber, formatDay } from "./calendar.ts";
import {
  createSyntheticProperty,
  HOSTILE_TEXT,
  MULTILINGUAL_TEXT,
  PROFILE_KEYS,
  PROFILES,
  type PropertyProfile,
  TEST_PROFILES,
} from "./index.ts";

/** The 90 days up to 2026-11-15, as YYYYMMDD. */
const NINETY_DAYS = Array.from({ length: 90 }, (_, i) => formatDay(dayNumber("20261115") - i));

describe("PROFILES", () => {
  it.each(PROFILE_KEYS.map((key) => [key]))("%s is a valid GA4 property", (key) => {
    expectValidProfile(key, PROFILES[key]);
  });

  it("gives every property its own id", () => {
    const ids = [...PROFILE_KEYS.map((key) => PROFILES[key]), TEST_PROFILES["hostile-text"]].map(
      (profile) => profile.propertyId,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("matches each profile's brief", () => {
    const checks = (key: keyof typeof PROFILES) =>
      new Set(PROFILES[key].injectedErrors.map((error) => error.checkId));
    expect(PROFILES["well-run-store"].injectedErrors.length).toBeLessThanOrEqual(1);
    expect(checks("agency-client").size).toBeGreaterThanOrEqual(25);
    expect(checks("large-store").size).toBeGreaterThanOrEqual(3);
    expect(checks("huge-publisher").size).toBeGreaterThanOrEqual(2);
    expect(PROFILES["huge-publisher"].cardinalityLimit).toBeGreaterThan(0);
    expect(PROFILES["revoked-client"].revokesGrants).toBe(true);
  });
});

describe("volumes", () => {
  it("gives the large store over 100,000 sessions in 90 days", () => {
    const property = createSyntheticProperty(PROFILES["large-store"]);
    let sessions = 0;
    for (const date of NINETY_DAYS) {
      for (const row of property.rowsForDay(date)) sessions += row.sessions;
    }
    expect(sessions).toBeGreaterThan(100_000);
  });

  it("gives the huge publisher several million fact rows in 90 days, past its row limit", () => {
    const profile = PROFILES["huge-publisher"];
    const property = createSyntheticProperty(profile);
    // Counted day by day and dropped: the rows of 90 days are never held at once.
    let rows = 0;
    const combinations = new Set<string>();
    for (const date of NINETY_DAYS) {
      for (const row of property.rowsForDay(date)) {
        rows += 1;
        combinations.add(`${row.sessionSource}|${row.sessionMedium}|${row.landingPage}`);
      }
    }
    expect(rows).toBeGreaterThan(3_000_000);
    // A 90-day report by source, medium and landing page must fold its tail into "(other)".
    expect(combinations.size).toBeGreaterThan(profile.cardinalityLimit ?? Number.POSITIVE_INFINITY);
  });
});

describe("TEST_PROFILES", () => {
  const profile = TEST_PROFILES["hostile-text"];

  it("hostile-text is a valid GA4 property named with markup", () => {
    expectValidProfile("hostile-text", profile);
    expect(profile.displayName).toContain(HOSTILE_TEXT.script);
    expect(profile.displayName).toContain(HOSTILE_TEXT.svg);
  });

  it("stays out of PROFILE_KEYS, which the demo world and the ground-truth audit walk", () => {
    expect(PROFILE_KEYS).not.toContain("hostile-text");
  });

  it("reports every hostile string verbatim in the UTM dimensions, every day", () => {
    const property = createSyntheticProperty(profile);
    const wanted = new Set([
      HOSTILE_TEXT.img,
      HOSTILE_TEXT.imgShouted,
      HOSTILE_TEXT.svg,
      HOSTILE_TEXT.jsUrl,
      HOSTILE_TEXT.template,
      HOSTILE_TEXT.formula,
      HOSTILE_TEXT.formulaLower,
      `${HOSTILE_TEXT.script}${HOSTILE_TEXT.bidi}`,
    ]);
    for (const date of NINETY_DAYS.slice(0, 7)) {
      const seen = new Set(
        property
          .rowsForDay(date)
          .flatMap((row) => [
            row.sessionManualSource,
            row.sessionManualMedium,
            row.sessionManualCampaignName,
            row.sessionManualAdContent,
          ]),
      );
      expect(
        [...wanted].filter((value) => !seen.has(value)),
        date,
      ).toEqual([]);
    }
  });

  it("is small: a scan of 90 days reads about a thousand sessions", () => {
    const property = createSyntheticProperty(profile);
    let sessions = 0;
    for (const date of NINETY_DAYS) {
      for (const row of property.rowsForDay(date)) sessions += row.sessions;
    }
    expect(sessions).toBeGreaterThan(300);
    expect(sessions).toBeLessThan(1500);
  });
});

function expectValidProfile(key: string, profile: PropertyProfile) {
  expect(profile.key).toBe(key);
  expect(profile.propertyId).toMatch(/^\d{9}$/);
  expect(profile.displayName.trim()).not.toBe("");
  expect(new URL(profile.defaultUri).protocol).toBe("https:");
  expect(() => new Intl.DateTimeFormat("en", { timeZone: profile.timeZone })).not.toThrow();
  expect(profile.currencyCode).toMatch(/^[A-Z]{3}$/);
  expect(Number.isNaN(Date.parse(profile.createTime))).toBe(false);
  for (const error of profile.injectedErrors) {
    expect(error.checkId).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    expect(error.values.length).toBeGreaterThan(0);
    expect(error.description.trim()).not.toBe("");
  }
}

describe("the multilingual test profile", () => {
  const profile = TEST_PROFILES.multilingual;

  it("is a valid GA4 property named in Japanese, Cyrillic and Arabic, out of PROFILE_KEYS", () => {
    expectValidProfile("multilingual", profile);
    expect(profile.displayName).toBe("東京ストア Москва متجر الرياض 🎉");
    expect(PROFILE_KEYS).not.toContain("multilingual");
  });

  it("reports each of its strings verbatim in the UTM dimensions", () => {
    const property = createSyntheticProperty(profile);
    const seen = new Set(
      NINETY_DAYS.slice(0, 14).flatMap((date) =>
        property
          .rowsForDay(date)
          .flatMap((row) => [row.sessionManualSource, row.sessionManualCampaignName]),
      ),
    );
    for (const text of Object.values(MULTILINGUAL_TEXT)) expect(seen).toContain(text);
  });
});
