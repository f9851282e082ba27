import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { mixedSeparators, type Style, separatorStyles } from "./mixed-separators.ts";

/** Issue 20: how mixed-separators reads a value's joins, and which styles it counts. */

const styles = (value: string): Style[] => [...separatorStyles(value)].sort();

describe("separatorStyles", () => {
  it("names each way of joining words", () => {
    expect(styles("spring_sale")).toEqual(["underscore"]);
    expect(styles("summer-sale")).toEqual(["hyphen"]);
    expect(styles("winter sale")).toEqual(["space"]);
    expect(styles("winter\tsale")).toEqual(["space"]);
    expect(styles("autumnSale")).toEqual(["camelCase"]);
    expect(styles("spring-sale_2025")).toEqual(["hyphen", "underscore"]);
  });

  it("takes other punctuation for no style, and the named separator in a run", () => {
    expect(styles("spring.sale")).toEqual([]);
    expect(styles("spring.sale ")).toEqual([]);
    expect(styles("spring_.sale")).toEqual(["underscore"]);
  });

  it("needs a word on each side, and no digits on both", () => {
    expect(styles("_spring")).toEqual([]);
    expect(styles("2025-03")).toEqual([]);
    expect(styles("q1_brand")).toEqual(["underscore"]);
  });

  it("reads camelCase after two lower-case letters, in any word", () => {
    expect(styles("myBrand")).toEqual(["camelCase"]);
    expect(styles("autumnSALE")).toEqual([]);
    expect(styles("spring_autumnSale")).toEqual(["camelCase", "underscore"]);
  });

  it("reads the ends of the ASCII letter and digit ranges as word characters", () => {
    for (const value of ["a_a", "z_z", "A_A", "Z_Z", "0_x", "9_x"]) {
      expect(styles(value)).toEqual(["underscore"]);
    }
    expect(styles("spring_|")).toEqual([]);
  });

  it("reads letters beyond ASCII and both surrogate halves as letters, other symbols as separators", () => {
    expect(styles("é_é")).toEqual(["underscore"]);
    expect(styles("🎉_sale")).toEqual(["underscore"]);
    expect(styles("x_\ud800")).toEqual(["underscore"]);
    expect(styles("x_\udfff")).toEqual(["underscore"]);
    expect(styles("—_sale")).toEqual([]);
    expect(styles("，_sale")).toEqual([]);
  });
});

describe("mixed-separators values", () => {
  it("counts a style holding exactly 5% of the sessions", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale", 950),
      utmRow("newsletter", "email", "summer-sale", 50),
    ]);
    expect(findingKeys(result)).toEqual(["campaign"]);
    expect(result.findings[0]?.field).toBe("sessionManualCampaignName");
  });

  it("takes the busiest style for the convention, wherever it comes in the data", () => {
    const result = runOn(mixedSeparators, [
      utmRow("facebook", "paid_social", "summer-sale", 120),
      utmRow("newsletter", "email", "spring_sale", 600),
      utmRow("newsletter", "email", "black_friday", 300),
    ]);
    expect(result.affectedSessions).toBe(120);
    expect(result.findings[0]?.values).toEqual(["spring_sale", "black_friday", "summer-sale"]);
  });

  it("shows the three busiest values of each style, then of the values mixing styles", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "a_a", 10),
      utmRow("newsletter", "email", "b_b", 20),
      utmRow("newsletter", "email", "c_c", 30),
      utmRow("newsletter", "email", "d_d", 40),
      utmRow("newsletter", "email", "e-e", 25),
      utmRow("newsletter", "email", "f-f", 5),
      utmRow("newsletter", "email", "g-g_g", 1),
      utmRow("newsletter", "email", "h-h_h", 2),
      utmRow("newsletter", "email", "i-i_i", 3),
      utmRow("newsletter", "email", "j-j_j", 4),
    ]);
    expect(result.findings[0]?.values).toEqual([
      "d_d",
      "c_c",
      "b_b",
      "e-e",
      "f-f",
      "j-j_j",
      "i-i_i",
      "h-h_h",
    ]);
    expect(result.affectedSessions).toBe(40);
  });

  it("counts campaign values that look like hosts or GA4 mediums", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale", 600),
      utmRow("newsletter", "email", "black_friday", 300),
      utmRow("newsletter", "email", "summer-sale.uk", 120),
      utmRow("newsletter", "email", "social-media", 200),
    ]);
    expect(findingKeys(result)).toEqual(["campaign"]);
    expect(result.affectedSessions).toBe(320);
  });

  it("leaves out values holding a macro", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring-sale", 600),
      utmRow("newsletter", "email", "winter-deal", 300),
      utmRow("newsletter", "email", "{{ad_name}}", 200),
    ]);
    expect(result.status).toBe("passed");
  });
});

describe("mixed-separators titles", () => {
  const title = (...campaigns: [string, number][]) =>
    runOn(
      mixedSeparators,
      campaigns.map(([campaign, sessions]) => utmRow("newsletter", "email", campaign, sessions)),
    ).findings[0]?.title;

  it("lists each style and, only when there are some, the values mixing them", () => {
    expect(
      title(["spring_sale", 50], ["fall_sale", 50], ["summer-sale", 40], ["winter-sale", 40]),
    ).toBe(
      "utm_campaign separates words with underscores (_) in 2 values (100 sessions, e.g. spring_sale, fall_sale); hyphens (-) in 2 values (80 sessions, e.g. summer-sale, winter-sale)",
    );
    expect(
      title(
        ["spring_sale", 50],
        ["summer-sale", 40],
        ["winter-sale_2025", 30],
        ["autumn_sale-now", 20],
      ),
    ).toBe(
      "utm_campaign separates words with underscores (_) in 1 value (50 sessions, e.g. spring_sale); hyphens (-) in 1 value (40 sessions, e.g. summer-sale); 2 values mixing them (e.g. winter-sale_2025, autumn_sale-now)",
    );
  });
});
