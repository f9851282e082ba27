import { describe, expect, it } from "vitest";
import { AuditData, statsIds } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { context } from "../testing/support.ts";
import {
  busiest,
  editDistance,
  hasUserValueAt,
  listForTitle,
  numberTemplate,
  taggedValues,
  userValueColumn,
} from "./values-extra.ts";

function dataOf(rows: AggregatedRow[]): AuditData {
  const present = new Set<Dimension>();
  for (const row of rows) for (const key of Object.keys(row.values)) present.add(key as Dimension);
  return new AuditData(rows, present, context());
}

const row = (values: AggregatedRow["values"], sessions = 10): AggregatedRow => ({
  values,
  sessions,
  keyEvents: 0,
  rows: 1,
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("friday", "firday", 2)).toBe(1);
    expect(editDistance("black_friday_sale", "black_firday_sale", 2)).toBe(1);
  });

  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("summer", "sumer", 2)).toBe(1);
    expect(editDistance("newsletter", "nwsleter", 2)).toBe(2);
    expect(editDistance("promo", "photo", 2)).toBe(2);
    expect(editDistance("same", "same", 1)).toBe(0);
  });

  it("stops at max + 1", () => {
    expect(editDistance("spring", "autumn", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("numberTemplate", () => {
  it("replaces every run of digits", () => {
    expect(numberTemplate("spring_sale_2025")).toBe("spring_sale_#");
    expect(numberTemplate("q1_wave12")).toBe("q#_wave#");
  });
});

describe("busiest", () => {
  it("keeps the busiest items in order, ties by value", () => {
    const items = [
      { value: "c", sessions: 5 },
      { value: "a", sessions: 9 },
      { value: "b", sessions: 5 },
      { value: "d", sessions: 1 },
    ];
    expect(busiest(items, 3).map((item) => item.value)).toEqual(["a", "b", "c"]);
  });
});

describe("listForTitle", () => {
  it("names a few values and counts the rest", () => {
    expect(listForTitle(["a", "b", "c", "d"], 2)).toBe("'a', 'b' and 2 more");
    expect(listForTitle(["a", "b"], 2, 7)).toBe("'a', 'b' and 5 more");
    expect(listForTitle(["a"])).toBe("'a'");
  });
});

describe("taggedValues", () => {
  it("leaves out placeholders and the sources of organic and referral visits", () => {
    const data = dataOf([
      row({ sessionManualSource: "google", sessionManualMedium: "organic" }),
      row({ sessionManualSource: "news.example.org", sessionManualMedium: "referral" }),
      row({ sessionManualSource: "(direct)", sessionManualMedium: "(none)" }),
      row({ sessionManualSource: "google", sessionManualMedium: "cpc" }, 30),
      row({ sessionManualSource: "newsletter", sessionManualMedium: "email" }),
    ]);
    const sources = taggedValues(data, "source");
    expect(sources.map((stats) => [stats.value, stats.sessions])).toEqual([
      ["google", 30],
      ["newsletter", 10],
    ]);
    expect(taggedValues(data, "medium").map((stats) => stats.value)).toEqual(["cpc", "email"]);
  });

  it("gives the tagged rows of a value with some untagged ones, by id and in row order", () => {
    const rows = [
      row({ sessionManualSource: "google", sessionManualMedium: "cpc" }, 5),
      row({ sessionManualSource: "google", sessionManualMedium: "organic" }, 7),
      row({ sessionManualSource: "google", sessionManualMedium: "display" }, 11),
    ];
    const [google] = taggedValues(dataOf(rows), "source");
    expect(google?.sessions).toBe(16);
    expect(google && [...(statsIds(google) ?? [])]).toEqual([0, 2]);
    expect(google?.rows).toEqual([rows[0], rows[2]]);
  });

  it("keeps campaign names whatever the medium", () => {
    const data = dataOf([
      row({ sessionCampaignName: "partner_launch", sessionMedium: "referral" }),
      row({ sessionCampaignName: "(referral)", sessionMedium: "referral" }),
    ]);
    expect(taggedValues(data, "campaign").map((stats) => stats.value)).toEqual(["partner_launch"]);
  });
});

describe("userValueColumn", () => {
  it("marks each value a person set, read by each row's value id", () => {
    const data = dataOf([
      row({ sessionManualSource: "news" }),
      row({ sessionManualSource: "(not set)" }),
      row({ sessionMedium: "email" }),
      row({ sessionManualSource: "news" }),
    ]);
    const column = userValueColumn(data, "sessionManualSource");
    expect(column?.values).toEqual(["news", "(not set)"]);
    expect([...(column?.user ?? [])]).toEqual([1, 0]);
    expect([0, 1, 2, 3].map((r) => hasUserValueAt(column, r))).toEqual([true, false, false, true]);
    // A dimension no view has: no column, and no row has a value.
    expect(userValueColumn(data, "sessionManualTerm")).toBeUndefined();
    expect(hasUserValueAt(undefined, 0)).toBe(false);
  });
});
