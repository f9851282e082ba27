import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceTypo } from "./source-typo.ts";

describe("source-typo", () => {
  it("flags misspelled platform names with the platform they miss", () => {
    const result = runOn(sourceTypo, [
      utmRow("facebok", "paid_social", "spring_sale", 50),
      utmRow("Facebok", "paid_social", "summer_launch", 10),
      utmRow("gooogle", "cpc", "brand", 40),
      utmRow("linkdin", "social", "hiring", 30),
      utmRow("instagarm", "social", "spring_sale", 20),
      utmRow("tiktock", "paid_social", "launch", 20),
      utmRow("youtbe", "video", "launch", 20),
      utmRow("pintrest", "social", "spring_sale", 20),
      utmRow("twiter", "social", "launch", 20),
      utmRow("facebook", "paid_social", "spring_sale", 900),
    ]);
    expect(findingKeys(result)).toEqual([
      "source:facebok",
      "source:gooogle",
      "source:instagarm",
      "source:linkdin",
      "source:pintrest",
      "source:tiktock",
      "source:twiter",
      "source:youtbe",
    ]);
    const facebook = result.findings.find((f) => f.key === "source:facebok");
    expect(facebook?.values).toEqual(["facebok", "Facebok"]);
    expect(facebook?.affectedSessions).toBe(60);
    expect(facebook?.title).toBe(
      'utm_source "facebok, Facebok" looks like a misspelling of facebook',
    );
    expect(result.findings.find((f) => f.key === "source:instagarm")?.title).toContain("instagram");
    expect(result.affectedSessions).toBe(230);
  });

  it("judges the site name inside a host", () => {
    const result = runOn(sourceTypo, [utmRow("l.facebok.com", "social", "spring_sale", 7)]);
    expect(findingKeys(result)).toEqual(["source:l.facebok.com"]);
    expect(result.findings[0]?.title).toContain("facebook");
  });

  it("passes correct names, aliases, other real sites and near words", () => {
    const result = runOn(sourceTypo, [
      utmRow("bing", "cpc", "brand"),
      utmRow("ping", "email", "alerts"),
      utmRow("yandex", "cpc", "brand"),
      utmRow("yahoo", "cpc", "brand"),
      utmRow("x", "social", "launch"),
      utmRow("fb", "paid_social", "spring_sale"),
      utmRow("m.facebook.com", "social", "spring_sale"),
      utmRow("google.ca", "cpc", "brand"),
      utmRow("googlemaps", "organic", "gbp_listing"),
      utmRow("google_ads", "cpc", "brand"),
      utmRow("shopify", "referral_program", "partners"),
      utmRow("spotify", "audio", "podcast_q3"),
      utmRow("video", "youtube", "launch"),
      utmRow("vimeo", "video", "launch"),
      utmRow("youtuber", "social", "creator_q2"),
      utmRow("interest", "display", "launch"),
      utmRow("switch", "display", "launch"),
      utmRow("snapshot", "email", "weekly"),
      utmRow("telegraph", "display", "launch"),
      utmRow("newsletter4", "email", "may_2025"),
      utmRow("google2", "cpc", "brand"),
      utmRow("(direct)", "(none)", "(direct)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("ignores GA4's own referral hosts", () => {
    const result = runOn(sourceTypo, [utmRow("facebok.com", "referral", "(referral)")]);
    expect(result.status).toBe("passed");
  });

  it("stays fast on many distinct sources", () => {
    const rows = Array.from({ length: 50_000 }, (_, i) =>
      utmRow(`source_${i.toString(36)}_facebok`, "email", "may_2025", 1),
    );
    rows.push(utmRow("facebok", "social", "launch", 1));
    const started = performance.now();
    const result = runOn(sourceTypo, rows);
    expect(findingKeys(result)).toEqual(["source:facebok"]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("is skipped without a source dimension", () => {
    const result = runOn(sourceTypo, [{ sessionMedium: "social", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource or sessionSource");
  });
});
