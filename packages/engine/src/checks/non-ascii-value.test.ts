import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { nonAsciiValue } from "./non-ascii-value.ts";

describe("non-ascii-value", () => {
  it("flags a zero-width space pasted into a source", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("facebook\u200b", "paid_social", "spring_sale", 70),
      utmRow("facebook", "paid_social", "spring_sale", 900),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["source:facebook[U+200B]"]);
    const finding = result.findings[0];
    expect(finding?.title).toBe(
      "utm_source 'facebook[U+200B]' contains an invisible zero-width space (U+200B)",
    );
    expect(finding?.values).toEqual(["facebook\u200b"]);
    expect(finding?.affectedSessions).toBe(70);
  });

  it("flags accents, emoji and typographic characters in source and medium", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("newsletter", "émail", "welcome"),
      utmRow("instagram🔥", "social", "launch"),
      utmRow("partner–site", "affiliate", "launch"),
    ]);
    expect(findingKeys(result)).toEqual([
      "medium:émail",
      "source:instagram🔥",
      "source:partner–site",
    ]);
    const titles = result.findings.map((f) => f.title).sort();
    expect(titles).toEqual([
      "utm_medium 'émail' contains accented or non-Latin letters",
      "utm_source 'instagram🔥' contains emoji",
      "utm_source 'partner–site' contains the character '–' (U+2013)",
    ]);
  });

  it("flags invisible characters and curly quotes in campaign names", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("newsletter", "email", "mother’s_day", 40),
      utmRow("newsletter", "email", "black\u00a0friday", 30),
      utmRow("newsletter", "email", "\ufeffwelcome_series", 20),
    ]);
    expect(findingKeys(result)).toEqual([
      "campaign:[U+FEFF]welcome_series",
      "campaign:black[U+00A0]friday",
      "campaign:mother’s_day",
    ]);
    const quotes = result.findings.find((f) => f.key === "campaign:mother’s_day");
    expect(quotes?.title).toBe("utm_campaign 'mother’s_day' contains curly quotes");
  });

  it("accepts accented letters, other scripts, emoji and joiners in names", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("newsletter", "email", "café_promo"),
      utmRow("newsletter", "email", "rebajas_año_nuevo"),
      utmRow("line", "social", "春のセール"),
      utmRow("newsletter", "email", "launch_👩‍💻_week"),
      utmRow("newsletter", "email", "تخفیف‌ها"),
      utmRow("google", "cpc", "summer", 100, { sessionManualTerm: "crème brûlée recette" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("flags a stray joiner beside Latin letters", () => {
    const result = runOn(nonAsciiValue, [utmRow("newsletter", "email", "summer\u200dsale")]);
    expect(findingKeys(result)).toEqual(["campaign:summer[U+200D]sale"]);
  });

  it("treats utm_id as a code", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("google", "cpc", "brand", 10, { sessionManualCampaignId: "cmp_1042é" }),
    ]);
    expect(findingKeys(result)).toEqual(["id:cmp_1042é"]);
  });

  it("ignores GA4 placeholders and plain values", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("google", "organic", "(organic)"),
      utmRow("newsletter", "email", "spring_sale_2025"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(nonAsciiValue, [{ landingPagePlusQueryString: "/", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
