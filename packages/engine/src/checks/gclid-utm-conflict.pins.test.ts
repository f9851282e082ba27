import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { gclidUtmConflict } from "./gclid-utm-conflict.ts";

/** Issue 20: what gclid-utm-conflict takes for a click ID, and how it reads the UTMs next to it. */

const landing = (value: string, sessions = 10): AuditRow => ({
  landingPagePlusQueryString: value,
  sessions,
});

const keys = (...values: string[]) =>
  findingKeys(
    runOn(
      gclidUtmConflict,
      values.map((value) => landing(value)),
    ),
  );

describe("gclid-utm-conflict landing URLs", () => {
  it("flags a source other than google even with cpc, and a source without a medium", () => {
    const result = runOn(gclidUtmConflict, [
      landing("/?utm_source=bing&utm_medium=cpc&gclid=x", 7),
      landing("/?utm_source=newsletter&gbraid=x", 3),
    ]);
    expect(findingKeys(result)).toEqual(["manual:bing|cpc", "manual:newsletter|(not set)"]);
    const newsletter = result.findings.find((f) => f.key === "manual:newsletter|(not set)");
    expect(newsletter?.values).toEqual(["newsletter"]);
    expect(newsletter?.field).toBe("sessionManualSource");
    expect(newsletter?.affectedSessions).toBe(3);
  });

  it("trims and folds the UTMs, and reads + as a space", () => {
    expect(keys("/?utm_source=%20google%20&utm_medium=%20cpc%20&gclid=x")).toEqual([]);
    expect(keys("/?utm_source=%20Newsletter%20&utm_medium=%20Email%20&gclid=x")).toEqual([
      "manual:newsletter|email",
    ]);
    expect(keys("/?utm_source=youtube&utm_medium=paid+video&gclid=x")).toEqual([
      "manual:youtube|paid video",
    ]);
  });

  it("keeps a value it cannot decode as written", () => {
    const result = runOn(gclidUtmConflict, [landing("/?utm_source=%E0%A4%A&gclid=x")]);
    expect(findingKeys(result)).toEqual(["manual:%e0%a4%a|(not set)"]);
    expect(result.findings[0]?.values).toEqual(["%E0%A4%A"]);
  });

  it("needs a click ID parameter with a value, not the name inside another value", () => {
    expect(keys("/?utm_source=newsletter&utm_medium=email&gclid")).toEqual([]);
    expect(keys("/?utm_source=newsletter&utm_medium=email&next=/a?gclid=1")).toEqual([]);
  });
});

describe("gclid-utm-conflict dimensions", () => {
  it("trims the session medium", () => {
    const result = runOn(gclidUtmConflict, [
      {
        sessionSource: "google",
        sessionMedium: " cpc ",
        sessionManualSource: "facebook",
        sessionManualMedium: "paid_social",
        sessions: 5,
      },
    ]);
    expect(findingKeys(result)).toEqual(["manual:facebook|paid_social"]);
  });

  it("reads only google / cpc sessions as Google Ads clicks", () => {
    const result = runOn(gclidUtmConflict, [
      {
        sessionSource: "bing",
        sessionMedium: "cpc",
        sessionManualSource: "facebook",
        sessionManualMedium: "paid_social",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("reads a row without a session medium as no Google Ads click", () => {
    const result = runOn(gclidUtmConflict, [
      {
        landingPagePlusQueryString: "/",
        sessionSource: "google",
        sessionManualSource: "facebook",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped with a session source but no session medium to compare with", () => {
    const result = runOn(gclidUtmConflict, [
      { sessionManualSource: "newsletter", sessionSource: "google", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
  });
});

describe("gclid-utm-conflict title", () => {
  it("names the tagged source and medium and what GA4 reports instead", () => {
    const result = runOn(gclidUtmConflict, [
      landing("/offer?gclid=abc&utm_source=newsletter&utm_medium=email", 50),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "Google Ads clicks tagged newsletter / email; GA4 reports them as google / cpc",
    ]);
  });
});
