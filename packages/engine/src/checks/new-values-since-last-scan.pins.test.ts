import { describe, expect, it } from "vitest";
import { runOn, utmRow } from "../testing/support.ts";
import { newValuesSinceLastScan } from "./new-values-since-last-scan.ts";

/** Issue 20: when new-values-since-last-scan has a previous scan to compare with. */

const rows = [utmRow("newsletter", "email", "may")];

describe("new-values-since-last-scan skips", () => {
  it("without previous values", () => {
    const result = runOn(newValuesSinceLastScan, rows, { previousValues: { source: [] } });
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("no previous scan to compare with");
  });

  it("when the previous values are only GA4's placeholders", () => {
    const result = runOn(newValuesSinceLastScan, rows, {
      previousValues: { source: ["(not set)"] },
    });
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "the previous scan has no values for the parameters in this data",
    );
  });
});
