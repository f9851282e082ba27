import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { conflictingSourceMedium } from "./conflicting-source-medium.ts";

/** Issue 20: how conflicting-source-medium groups spellings, and which channels it compares. */

describe("conflicting-source-medium edges", () => {
  it("groups a source and a campaign written with stray spaces", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("facebook", "cpc", "spring_sale", 100),
      utmRow("facebook ", "social", "spring_sale ", 30),
    ]);
    expect(findingKeys(result)).toEqual(["source:facebook|campaign:spring_sale"]);
    expect(result.findings[0]?.values).toEqual(["cpc", "social"]);
    expect(result.findings[0]?.field).toBe("sessionManualMedium");
    expect(result.affectedSessions).toBe(130);
  });

  it("counts every row of a medium", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("facebook", "cpc", "spring_sale", 100),
      utmRow("facebook", "social", "spring_sale", 30, { sessionManualAdContent: "post_a" }),
      utmRow("facebook", "social", "spring_sale", 20, { sessionManualAdContent: "post_b" }),
    ]);
    expect(result.findings[0]?.values).toEqual(["cpc", "social"]);
    expect(result.findings[0]?.affectedSessions).toBe(150);
  });

  it("leaves a natural medium out even with stray spaces", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("google", "cpc", "brand", 100),
      utmRow("google", " organic ", "brand", 30),
    ]);
    expect(result.status).toBe("passed");
  });

  it("compares paid channels with unpaid ones only, not with email", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("criteo", "cpc", "spring_sale", 100),
      utmRow("criteo", "email", "spring_sale", 30),
    ]);
    expect(result.status).toBe("passed");
  });

  it("needs a paid channel as well as an unpaid one", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("facebook", "social", "spring_sale", 100),
      utmRow("facebook", "social-network", "spring_sale", 30),
    ]);
    expect(result.status).toBe("passed");
  });

  it("needs a real source", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("(not set)", "cpc", "spring_sale", 100),
      utmRow("(not set)", "social", "spring_sale", 30),
    ]);
    expect(result.status).toBe("passed");
  });
});

describe("conflicting-source-medium titles", () => {
  const titles = (source: string, mediums: string[]) =>
    runOn(
      conflictingSourceMedium,
      mediums.map((medium) => utmRow(source, medium, "spring_sale", 60)),
    ).findings.map((finding) => finding.title);

  it("lists every paid and every unpaid channel with its medium", () => {
    expect(titles("facebook", ["cpc", "paid_social", "social"])).toEqual([
      "facebook / spring_sale is tagged as Paid Social (cpc), Paid Social (paid_social) and as Organic Social (social)",
    ]);
    expect(titles("criteo", ["cpc", "display", "sponsored", "partner"])).toEqual([
      "criteo / spring_sale is tagged as Paid Other (cpc), Display (display) and as Unassigned (sponsored), Unassigned (partner)",
    ]);
  });
});
