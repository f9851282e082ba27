import { describe, expect, it } from "vitest";
import { runOn, utmRow } from "../testing/support.ts";
import { namingConvention } from "./naming-convention.ts";

/** Issue 20: what counts as a defined naming convention. */

describe("naming-convention", () => {
  it("takes a blank pattern for no convention", () => {
    const result = runOn(namingConvention, [utmRow("newsletter", "email", "May Sale")], {
      conventions: { campaign: { pattern: "   " } },
    });
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("no naming conventions defined");
  });
});
