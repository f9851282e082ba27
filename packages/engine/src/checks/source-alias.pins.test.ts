import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceAlias } from "./source-alias.ts";

/** Issue 20: which spellings source-alias counts as one alias. */

const sources = (...names: string[]) =>
  runOn(
    sourceAlias,
    names.map((name) => utmRow(name, "social", "spring")),
  );

describe("source-alias spellings", () => {
  it("takes spellings that differ by spaces around them for one alias", () => {
    expect(sources("facebook", "facebook ").status).toBe("passed");
  });

  it("lists every spelling of every alias", () => {
    const result = sources("Facebook", "facebook", "fb", "newsletter");
    expect(findingKeys(result)).toEqual(["platform:facebook"]);
    expect(result.findings[0]?.values).toEqual(["Facebook", "facebook", "fb"]);
    expect(result.findings[0]?.field).toBe("sessionManualSource");
  });
});
