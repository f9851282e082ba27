import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { runOn } from "../testing/support.ts";
import { unassignedTraffic } from "./unassigned-traffic.ts";

/** Issue 20: what unassigned-traffic names each finding by, and which rows it leaves out. */

const unassigned = (extra: Partial<AuditRow>): AuditRow => ({
  sessionDefaultChannelGroup: "Unassigned",
  sessions: 5,
  ...extra,
});

const findingsOf = (rows: AuditRow[]) =>
  runOn(unassignedTraffic, rows).findings.map(({ values, field, affectedSessions }) => ({
    values,
    field,
    affectedSessions,
  }));

describe("unassigned-traffic findings", () => {
  it("names the pair, with (not set) for the half a row lacks, on the session medium", () => {
    expect(findingsOf([unassigned({ sessionMedium: "weird" })])).toEqual([
      { values: ["(not set) / weird"], field: "sessionMedium", affectedSessions: 5 },
    ]);
    expect(findingsOf([unassigned({ sessionSource: "weird" })])).toEqual([
      { values: ["weird / (not set)"], field: "sessionMedium", affectedSessions: 5 },
    ]);
  });

  it("names no pair when the data has neither", () => {
    expect(findingsOf([unassigned({})])).toEqual([
      { values: [], field: "sessionMedium", affectedSessions: 5 },
    ]);
  });

  it("reads the channel group in any case", () => {
    const result = runOn(unassignedTraffic, [
      { sessionDefaultChannelGroup: "unassigned", sessionSource: "x", sessions: 5 },
    ]);
    expect(result.status).toBe("failed");
  });

  it("leaves out rows whose source or medium GA4 hid", () => {
    const rows = [
      unassigned({ sessionSource: "(data deleted)", sessionMedium: "weird" }),
      unassigned({ sessionSource: "weird", sessionMedium: "(data deleted)" }),
    ];
    expect(runOn(unassignedTraffic, rows).status).toBe("passed");
  });
});

describe("unassigned-traffic titles", () => {
  const titles = (rows: AuditRow[]) =>
    runOn(unassignedTraffic, rows).findings.map((finding) => finding.title);

  it("names the pair, or says neither half is known", () => {
    expect(titles([unassigned({ sessionSource: "x", sessionMedium: "weird" })])).toEqual([
      "Unassigned traffic from x / weird",
    ]);
    expect(titles([unassigned({})])).toEqual([
      "Unassigned traffic (source and medium (not available))",
    ]);
  });
});
