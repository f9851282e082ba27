import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { selfReferral } from "./self-referral.ts";

/** Issue 20: which sessions self-referral reads as the site referring itself. */

const referral = (source: string, medium: string | undefined, sessions = 5): AuditRow => ({
  sessionSource: source,
  ...(medium === undefined ? {} : { sessionMedium: medium }),
  sessions,
});

describe("self-referral edges", () => {
  it("trims the medium, and reports on the session source", () => {
    const result = runOn(selfReferral, [referral("www.example.com", " referral ", 6)]);
    expect(findingKeys(result)).toEqual(["host:www.example.com"]);
    expect(result.findings[0]?.field).toBe("sessionSource");
    expect(result.findings[0]?.values).toEqual(["www.example.com"]);
  });

  it("reads a landing page without utm_source as a plain referral", () => {
    const result = runOn(selfReferral, [
      {
        ...referral("www.example.com", "referral"),
        landingPagePlusQueryString: "/pricing?ref=nav",
      },
    ]);
    expect(findingKeys(result)).toEqual(["host:www.example.com"]);
  });

  it("reads a row without a medium as no referral", () => {
    const result = runOn(selfReferral, [
      referral("www.example.com", undefined),
      referral("newsletter", "email"),
    ]);
    expect(result.status).toBe("passed");
  });
});
