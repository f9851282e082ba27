import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { missingUtmMedium } from "./missing-utm-medium.ts";

/** Issue 20: which dimensions missing-utm-medium reads, and what its findings hold. */

const landing = (value: string, sessions = 10): AuditRow => ({
  landingPagePlusQueryString: value,
  sessions,
});

describe("missing-utm-medium findings", () => {
  it("keeps the source and the campaigns that are real values, on the manual medium", () => {
    const result = runOn(missingUtmMedium, [
      utmRow("partner_blog", "(not set)", "(not set)", 15),
      utmRow("(not set)", "(not set)", "black_friday", 40),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:black_friday", "source:partner_blog"]);
    const source = result.findings.find((f) => f.key === "source:partner_blog");
    expect(source?.values).toEqual(["partner_blog"]);
    expect(source?.field).toBe("sessionManualMedium");
    const campaign = result.findings.find((f) => f.key === "campaign:black_friday");
    expect(campaign?.values).toEqual(["black_friday"]);
    expect(campaign?.field).toBe("sessionManualMedium");
    expect(campaign?.affectedSessions).toBe(40);
  });

  it("reads a row without a source dimension as having no source", () => {
    const result = runOn(missingUtmMedium, [
      { sessionManualCampaignName: "black_friday", sessionManualMedium: "(not set)", sessions: 9 },
      { sessionManualSource: "(not set)", sessionManualMedium: "(not set)", sessions: 4 },
    ]);
    expect(findingKeys(result)).toEqual(["campaign:black_friday"]);
    expect(result.affectedSessions).toBe(9);
  });

  it("runs on a manual source with the session medium only", () => {
    const result = runOn(missingUtmMedium, [
      { sessionManualSource: "newsletter", sessionMedium: "(not set)", sessions: 5 },
    ]);
    expect(findingKeys(result)).toEqual(["source:newsletter"]);
  });

  it("without a medium dimension, trusts the landing URL over the source dimension", () => {
    const result = runOn(missingUtmMedium, [
      {
        sessionManualSource: "newsletter",
        landingPagePlusQueryString: "/?utm_source=newsletter&utm_medium=email",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("passed");
  });
});

describe("missing-utm-medium landing URLs", () => {
  it("flags a landing URL with a campaign only", () => {
    const result = runOn(missingUtmMedium, [landing("/?utm_campaign=may", 6)]);
    expect(findingKeys(result)).toEqual(["campaign:may"]);
    expect(result.findings[0]?.values).toEqual(["may"]);
  });

  it("keeps the source and the campaign of the URL, trimmed", () => {
    const result = runOn(missingUtmMedium, [
      landing("/sale?utm_source=%20Newsletter%20&utm_campaign=%20may%20"),
    ]);
    expect(findingKeys(result)).toEqual(["source:newsletter"]);
    expect(result.findings[0]?.values).toEqual(["Newsletter", "may"]);
  });

  it("passes a URL whose source is blank or a placeholder", () => {
    expect(runOn(missingUtmMedium, [landing("/?utm_source=%20")]).status).toBe("passed");
    expect(runOn(missingUtmMedium, [landing("/?utm_source=(not%20set)")]).status).toBe("passed");
  });

  it("keeps a URL's source alone when it has no campaign", () => {
    const result = runOn(missingUtmMedium, [landing("/?utm_source=newsletter")]);
    expect(result.findings[0]?.values).toEqual(["newsletter"]);
  });

  it("reads the landing URL when the row's dimensions hold no source or campaign", () => {
    const result = runOn(missingUtmMedium, [
      {
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
        landingPagePlusQueryString: "/?utm_source=newsletter",
        sessions: 3,
      },
    ]);
    expect(findingKeys(result)).toEqual(["source:newsletter"]);
  });
});

describe("missing-utm-medium titles", () => {
  const titles = (source: string) =>
    runOn(missingUtmMedium, [
      {
        sessionManualSource: source,
        sessionManualMedium: "(not set)",
        sessionManualCampaignName: "spring",
        sessions: 50,
      },
    ]).findings.map((finding) => finding.title);

  it("names the source, or the campaign when there is no source", () => {
    expect(titles("newsletter")).toEqual(["Links from newsletter have no utm_medium"]);
    expect(titles("(not set)")).toEqual(["Campaign spring has no utm_medium"]);
  });
});
