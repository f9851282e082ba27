import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { runOn, utmRow } from "../testing/support.ts";
import { missingUtmSource } from "./missing-utm-source.ts";

/** Issue 20: the campaign-only and medium-only branches of missing-utm-source, and its findings. */

const findingsOf = (rows: AuditRow[]) =>
  runOn(missingUtmSource, rows).findings.map(({ key, values, field, affectedSessions }) => ({
    key,
    values,
    field,
    affectedSessions,
  }));

describe("missing-utm-source manual dimensions", () => {
  it("flags a campaign alone, keeping only real values", () => {
    expect(findingsOf([utmRow("(not set)", "(not set)", "spring_sale", 30)])).toEqual([
      {
        key: "medium:(not set)|campaign:spring_sale",
        values: ["spring_sale"],
        field: "sessionManualSource",
        affectedSessions: 30,
      },
    ]);
  });

  it("flags a medium alone, and a campaign alone, where the other dimension is missing", () => {
    expect(
      findingsOf([{ sessionManualSource: "(not set)", sessionManualMedium: "email", sessions: 4 }]),
    ).toEqual([
      {
        key: "medium:email|campaign:",
        values: ["email"],
        field: "sessionManualSource",
        affectedSessions: 4,
      },
    ]);
    expect(
      findingsOf([
        { sessionManualSource: "(not set)", sessionManualCampaignName: "spring", sessions: 4 },
      ]),
    ).toEqual([
      {
        key: "medium:|campaign:spring",
        values: ["spring"],
        field: "sessionManualSource",
        affectedSessions: 4,
      },
    ]);
  });
});

describe("missing-utm-source landing pages", () => {
  it("flags a landing page with a medium alone", () => {
    const result = runOn(missingUtmSource, [
      { landingPagePlusQueryString: "/offer?utm_medium=cpc", sessions: 7 },
    ]);
    expect(result.findings.map((finding) => finding.key)).toEqual(["landing:/offer"]);
  });

  it("flags a landing page with a campaign alone, showing the landing page", () => {
    expect(
      findingsOf([{ landingPagePlusQueryString: "/offer?utm_campaign=x", sessions: 7 }]),
    ).toEqual([
      {
        key: "landing:/offer",
        values: ["/offer?utm_campaign=x"],
        field: "landingPagePlusQueryString",
        affectedSessions: 7,
      },
    ]);
  });
});

describe("missing-utm-source titles", () => {
  const titles = (rows: AuditRow[]) =>
    runOn(missingUtmSource, rows).findings.map((finding) => finding.title);
  const manual = (medium: string, campaign: string): AuditRow => ({
    sessionManualSource: "(not set)",
    sessionManualMedium: medium,
    sessionManualCampaignName: campaign,
    sessions: 50,
  });

  it("names the medium and campaign it has, leaving out a (not set) half", () => {
    expect(titles([manual("email", "spring")])).toEqual(["No utm_source on email / spring"]);
    expect(titles([manual("email", "(not set)")])).toEqual(["No utm_source on email"]);
    expect(titles([manual("(not set)", "spring")])).toEqual(["No utm_source on spring"]);
  });

  it("names the landing page when only the URL shows the missing source", () => {
    expect(
      titles([{ landingPagePlusQueryString: "/offer?utm_medium=email", sessions: 50 }]),
    ).toEqual(["Landing page /offer tagged without utm_source"]);
  });
});
