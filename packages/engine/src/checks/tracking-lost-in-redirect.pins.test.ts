import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { trackingLostInRedirect } from "./tracking-lost-in-redirect.ts";

/** Issue 20: what tracking-lost-in-redirect takes for a direct start and for a lost parameter. */

function session(
  pageReferrer: string,
  landing: string,
  sessions: number,
  source = "(direct)",
  medium = "(none)",
): AuditRow {
  return {
    pageReferrer,
    landingPagePlusQueryString: landing,
    sessionSource: source,
    sessionMedium: medium,
    sessionManualSource: "(not set)",
    sessionManualMedium: "(not set)",
    sessions,
  };
}

const PROMO = "https://www.example.com/promo?gclid=Cj0";
const keys = (rows: AuditRow[]) => findingKeys(runOn(trackingLostInRedirect, rows));

describe("tracking-lost-in-redirect direct starts", () => {
  it("takes (direct) with no medium, (none) or (not set), and (not set) alone", () => {
    expect(keys([session(PROMO, "/", 5, "(direct)", "(not set)")])).toEqual([
      "referrer:www.example.com/promo",
    ]);
    expect(keys([session(PROMO, "/", 5, " (direct) ", "(none)")])).toEqual([
      "referrer:www.example.com/promo",
    ]);
    expect(keys([{ pageReferrer: PROMO, sessionSource: "(not set)", sessions: 5 }])).toEqual([
      "referrer:www.example.com/promo",
    ]);
  });

  it("leaves other pairs, and (not set) with a medium of its own", () => {
    expect(keys([session(PROMO, "/", 5, "(direct)", "referral")])).toEqual([]);
    expect(keys([session(PROMO, "/", 5, "newsletter", "(none)")])).toEqual([]);
    expect(keys([session(PROMO, "/", 5, "newsletter", "(not set)")])).toEqual([]);
    expect(keys([session(PROMO, "/", 5, "(not set)", "(none)")])).toEqual([]);
  });

  it("reads a row without a source as no direct start", () => {
    const rows: AuditRow[] = [
      session("https://www.example.com/", "/", 5),
      { pageReferrer: PROMO, sessions: 5 },
    ];
    expect(keys(rows)).toEqual([]);
  });
});

describe("tracking-lost-in-redirect parameters", () => {
  it("counts a parameter the landing page kept, in any case, as not lost", () => {
    expect(keys([session(PROMO, "/sale?gclid=Cj0", 5)])).toEqual([]);
    expect(keys([session(PROMO, "/sale?GCLID=Cj0", 5)])).toEqual([]);
  });

  it("takes a blank value for no parameter", () => {
    expect(keys([session("https://www.example.com/promo?utm_source=%20", "/", 5)])).toEqual([]);
  });

  it("raises only a paid utm_medium, the first one written", () => {
    const severity = (referrer: string) =>
      runOn(trackingLostInRedirect, [session(referrer, "/", 5)]).findings[0]?.severity;
    expect(severity("https://www.example.com/p?utm_source=x&utm_campaign=cpc")).toBeUndefined();
    expect(severity("https://www.example.com/p?utm_medium=email&utm_medium=cpc")).toBeUndefined();
    expect(severity("https://www.example.com/p?utm_medium=cpc")).toBe("critical");
  });

  it("keys a referrer without a path as the home page", () => {
    expect(keys([session("https://www.example.com?gclid=Cj0", "/", 5)])).toEqual([
      "referrer:www.example.com/",
    ]);
  });
});

describe("tracking-lost-in-redirect title", () => {
  it("names the referring page, with / for a referrer without a path", () => {
    const result = runOn(trackingLostInRedirect, [
      session("https://www.example.com?gclid=Cj0", "/", 50),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "Page referrer www.example.com/ carried gclid, but its sessions start as (direct) without them: a redirect dropped them",
    ]);
  });
});
