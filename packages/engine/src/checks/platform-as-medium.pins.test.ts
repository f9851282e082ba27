import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { platformAsMedium } from "./platform-as-medium.ts";

/** Issue 20: the shortest platform name platform-as-medium reads, and how it keys a medium. */

describe("platform-as-medium edges", () => {
  it("reads a platform name of two letters, trimmed", () => {
    expect(findingKeys(runOn(platformAsMedium, [utmRow("newsletter", "fb", "may")]))).toEqual([
      "medium:fb",
    ]);
    const result = runOn(platformAsMedium, [utmRow("newsletter", " Facebook ", "may", 4)]);
    expect(findingKeys(result)).toEqual(["medium:facebook"]);
    expect(result.findings[0]?.values).toEqual([" Facebook "]);
    expect(result.findings[0]?.field).toBe("sessionManualMedium");
  });

  it("reads a row without a source", () => {
    const rows: AuditRow[] = [
      { sessionManualMedium: "facebook", sessions: 3 },
      utmRow("newsletter", "email", "may"),
    ];
    expect(findingKeys(runOn(platformAsMedium, rows))).toEqual(["medium:facebook"]);
  });
});

describe("platform-as-medium title", () => {
  it("quotes every spelling of the medium and names the platform", () => {
    const result = runOn(platformAsMedium, [
      utmRow("newsletter", "facebook", "may"),
      utmRow("newsletter", "Facebook", "may"),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      'utm_medium "facebook, Facebook" names the platform facebook, not a channel type',
    ]);
  });
});
