import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { googleAdsAutoTaggingOff } from "./google-ads-auto-tagging-off.ts";

/** Issue 20: which landing pages google-ads-auto-tagging-off reads, and the order it shows them. */

const googleCpc = (landing: string | undefined, sessions: number): AuditRow =>
  utmRow(
    "google",
    "cpc",
    "brand",
    sessions,
    landing === undefined ? {} : { landingPagePlusQueryString: landing },
  );

describe("google-ads-auto-tagging-off landing pages", () => {
  it("shows the busiest landing pages first", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      googleCpc("/a?utm_source=google&utm_medium=cpc", 10),
      googleCpc("/b?utm_source=google&utm_medium=cpc", 30),
    ]);
    expect(findingKeys(result)).toEqual(["pair:google / cpc"]);
    expect(result.findings[0]?.values).toEqual([
      "/b?utm_source=google&utm_medium=cpc",
      "/a?utm_source=google&utm_medium=cpc",
    ]);
  });

  it("leaves out rows without a landing page, or a blank one", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      googleCpc(undefined, 40),
      googleCpc("  ", 40),
      googleCpc("/a?utm_source=google&utm_medium=cpc", 10),
    ]);
    expect(result.status).toBe("passed");
  });
});
