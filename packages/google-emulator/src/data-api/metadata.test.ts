import { describe, expect, it } from "vitest";
import { getMetadata } from "./metadata.ts";
import { report, YESTERDAY } from "./testing/report-helpers.ts";

interface FieldJson {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  type?: string;
}

describe("getMetadata", () => {
  const metadata = getMetadata("300000001") as {
    name: string;
    dimensions: FieldJson[];
    metrics: FieldJson[];
  };

  it("names the property's metadata resource, property 0 included", () => {
    expect(metadata.name).toBe("properties/300000001/metadata");
    expect(getMetadata("0").name).toBe("properties/0/metadata");
  });

  it("lists every fact dimension, the derived pairs and the four metrics", () => {
    expect(metadata.dimensions.map((d) => d.apiName)).toEqual(
      expect.arrayContaining([
        "date",
        "sessionSource",
        "landingPagePlusQueryString",
        "sessionSourceMedium",
        "sessionManualSourceMedium",
      ]),
    );
    expect(metadata.dimensions).toHaveLength(19);
    expect(metadata.metrics.map((m) => m.apiName)).toEqual([
      "sessions",
      "keyEvents",
      "totalUsers",
      "engagedSessions",
    ]);
    expect(metadata.metrics.every((m) => m.type === "TYPE_INTEGER")).toBe(true);
  });

  it("uses Google's descriptions", () => {
    expect(metadata.dimensions.find((d) => d.apiName === "sessionSourceMedium")).toEqual({
      apiName: "sessionSourceMedium",
      uiName: "Session source / medium",
      description: "The combined values of the dimensions sessionSource and sessionMedium.",
      category: "Traffic source",
    });
    expect(metadata.metrics.find((m) => m.apiName === "sessions")?.description).toBe(
      "The number of sessions that began on your site or app (event triggered: session_start).",
    );
  });

  it("lists only fields runReport accepts", () => {
    for (const dimension of metadata.dimensions) {
      expect(() =>
        report({ dimensions: [{ name: dimension.apiName }], dateRanges: YESTERDAY }),
      ).not.toThrow();
    }
    for (const metric of metadata.metrics) {
      expect(() =>
        report({ metrics: [{ name: metric.apiName }], dateRanges: YESTERDAY }),
      ).not.toThrow();
    }
  });
});
