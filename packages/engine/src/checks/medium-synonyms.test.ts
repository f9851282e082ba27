import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { mediumSynonyms } from "./medium-synonyms.ts";

describe("medium-synonyms", () => {
  it("flags several spellings of one medium, one finding per family", () => {
    const result = runOn(mediumSynonyms, [
      utmRow("newsletter", "email", "may_2025", 500),
      utmRow("newsletter", "e-mail", "may_2025", 40),
      utmRow("crm", "mail", "winback", 20),
      utmRow("partner", "affiliate", "spring_2025", 100),
      utmRow("partner", "affiliates", "spring_2025", 30),
      utmRow("google", "cpc", "brand", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["family:affiliate", "family:email"]);
    const email = result.findings.find((f) => f.key === "family:email");
    expect(email?.values).toEqual(["email", "e-mail", "mail"]);
    expect(email?.title).toBe(
      "utm_medium written several ways: email, e-mail, mail (keep 'email')",
    );
    // The spellings to retag, not the one to keep.
    expect(email?.affectedSessions).toBe(60);
    expect(result.affectedSessions).toBe(90);
  });

  it("keeps the most used spelling when GA4's own spelling is not in use", () => {
    const result = runOn(mediumSynonyms, [
      utmRow("facebook", "social-media", "launch", 200),
      utmRow("facebook", "social_media", "launch", 50),
    ]);
    expect(result.findings[0]?.title).toContain("keep 'social-media'");
    expect(result.affectedSessions).toBe(50);
  });

  it("treats display and banner, cpc and ppc as synonyms", () => {
    const result = runOn(mediumSynonyms, [
      utmRow("news-site.com", "display", "launch", 80),
      utmRow("news-site.com", "banner", "launch", 20),
      utmRow("google", "cpc", "brand", 80),
      utmRow("bing", "ppc", "brand", 20),
    ]);
    expect(findingKeys(result)).toEqual(["family:cpc", "family:display"]);
  });

  it("leaves case-only differences and different mediums alone", () => {
    const result = runOn(mediumSynonyms, [
      utmRow("newsletter", "email", "may_2025", 100),
      utmRow("newsletter", "Email", "may_2025", 20),
      utmRow("newsletter", "EMAIL", "may_2025", 5),
      utmRow("facebook", "social", "launch", 50),
      utmRow("facebook", "paid_social", "launch", 50),
      utmRow("google", "cpc", "brand", 50),
      utmRow("google", "organic", "(organic)", 50),
      utmRow("(direct)", "(none)", "(not set)", 50),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(mediumSynonyms, [{ sessionSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
