import { describe, expect, it } from "vitest";
import { AuditData, type ValueStats } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { context } from "../testing/support.ts";
import { fixChangesAnyChannel, fixChangesChannel } from "./hygiene.ts";

function row(values: AggregatedRow["values"]): AggregatedRow {
  return { values, sessions: 1, keyEvents: 0, rows: 1 };
}

const DIMENSIONS: Dimension[] = [
  "sessionManualSource",
  "sessionManualMedium",
  "sessionManualCampaignName",
];

function dataOf(rows: AggregatedRow[]): AuditData {
  return new AuditData(rows, new Set(DIMENSIONS), context());
}

describe("fixChangesAnyChannel", () => {
  const rows = [
    row({
      sessionManualSource: "news",
      sessionManualMedium: "email ",
      sessionManualCampaignName: "a",
    }),
    row({
      sessionManualSource: "news",
      sessionManualMedium: "email ",
      sessionManualCampaignName: "b",
    }),
    row({
      sessionManualSource: "google",
      sessionManualMedium: "cpc ",
      sessionManualCampaignName: "a",
    }),
    row({ sessionManualMedium: "email " }),
    row({ sessionManualSource: "google", sessionManualMedium: "cpc" }),
  ];

  it("agrees with fixChangesChannel over every row of the values", () => {
    const data = dataOf(rows);
    const values = [...data.values("sessionManualMedium").values()];
    for (const fixed of ["email", "cpc", "referral", "email "]) {
      for (const picked of [values, values.slice(0, 1), values.slice(1, 2), values.slice(2)]) {
        const expected = picked.some((stats) =>
          stats.rows.some((r) => fixChangesChannel(data, r, "medium", fixed)),
        );
        expect(fixChangesAnyChannel(data, "sessionManualMedium", picked, "medium", fixed)).toBe(
          expected,
        );
      }
    }
    expect(fixChangesAnyChannel(data, "sessionManualMedium", values, "medium", "email")).toBe(true);
    expect(
      fixChangesAnyChannel(data, "sessionManualMedium", values.slice(0, 1), "medium", "email "),
    ).toBe(false);
  });

  it("reads rows of stats that are not the value list's, and only source, medium and campaign", () => {
    const data = dataOf(rows);
    // A part of a value's rows, not the list's entry: read row by row.
    const part: ValueStats = { value: "cpc ", sessions: 1, rows: [rows[2] as AggregatedRow] };
    for (const fixed of ["cpc", "cpc ", "email"]) {
      expect(fixChangesAnyChannel(data, "sessionManualMedium", [part], "medium", fixed)).toBe(
        fixChangesChannel(data, rows[2] as AggregatedRow, "medium", fixed),
      );
    }
    expect(fixChangesAnyChannel(data, "sessionManualMedium", [part], "medium", "email")).toBe(true);
    const values = [...data.values("sessionManualMedium").values()];
    expect(fixChangesAnyChannel(data, "sessionManualMedium", values, "term", "email")).toBe(false);
    expect(fixChangesAnyChannel(data, "sessionManualMedium", [], "medium", "email")).toBe(false);
  });
});
