import { describe, expect, it } from "vitest";
import { AuditData } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { context } from "../testing/support.ts";
import { pushTaggedIds, taggedRows } from "./platforms.ts";

function row(source: string, medium: string | undefined): AggregatedRow {
  const values =
    medium === undefined
      ? { sessionSource: source }
      : { sessionSource: source, sessionMedium: medium };
  return { values, sessions: 1, keyEvents: 0, rows: 1 };
}

describe("pushTaggedIds", () => {
  it("pushes the ids of the rows taggedRows keeps, in row order, after those already there", () => {
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
    column.values.forEach((source, v) => {
      const stats = data.values("sessionSource").get(source);
      const kept = taggedRows(data, source, stats?.rows ?? []).map((kept) => kept.id);
      const before = into.length;
      expect(pushTaggedIds(data, v, into)).toBe(kept.length);
      expect(into.slice(before)).toEqual(kept);
    });
    // google: organic search traffic and no medium; facebook: referral left out, organic kept.
    expect(into).toEqual([99, 12, 14, 13, 15]);
  });
});
