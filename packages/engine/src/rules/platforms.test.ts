import { describe, expect, it } from "vitest";
import { AuditData } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { context } from "../testing/support.ts";
import { pushTaggedIds } from "./platforms.ts";

function row(source: string, medium: string | undefined): AggregatedRow {
  const values =
    medium === undefined
      ? { sessionSource: source }
      : { sessionSource: source, sessionMedium: medium };
  return { values, sessions: 1, keyEvents: 0, rows: 1 };
}

describe("pushTaggedIds", () => {
  it("pushes the ids of the rows a marketer tagged, in row order, after those already there", () => {
    const rows = [
      row("google", "organic"),
      row("facebook", "referral"),
      row("google", "cpc"),
      row("facebook", "paid_social"),
      row("google", undefined),
      row("facebook", "Organic"),
      row("(direct)", "(none)"),
    ];
    const dimensions: Dimension[] = ["sessionSource", "sessionMedium"];
    const data = new AuditData(rows, new Set(dimensions), context(), {
      view: "sessions",
      totalSessions: 7,
      others: [],
      firstId: 10,
    });
    const column = data.column("sessionSource");
    expect(column.values).toEqual(["google", "facebook", "(direct)"]);
    const into = [99];
    expect(column.values.map((_, v) => pushTaggedIds(data, v, into))).toEqual([2, 2, 0]);
    // google: organic search traffic and no medium; facebook: referral left out, organic kept.
    expect(into).toEqual([99, 12, 14, 13, 15]);
  });
});
