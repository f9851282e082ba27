import { describe, expect, it } from "vitest";
import { FACT_DIMENSIONS } from "../synthetic/types.ts";
import { getMetadata } from "./metadata.ts";
import { isItemDimension } from "./schema.ts";
import { rejection, report, YESTERDAY } from "./testing/report-helpers.ts";

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

  it("lists every fact dimension, eventName, the derived pairs and the five metrics", () => {
    const names = metadata.dimensions.map((d) => d.apiName);
    expect(names).toEqual(
      expect.arrayContaining([...FACT_DIMENSIONS, "eventName", "sessionSourceMedium"]),
    );
    expect(names).toContain("sessionManualSourceMedium");
    expect(new Set(names).size).toBe(names.length);
    expect(metadata.metrics.map((m) => m.apiName)).toEqual([
      "sessions",
      "keyEvents",
      "totalUsers",
      "engagedSessions",
      "eventCount",
    ]);
    expect(metadata.metrics.every((m) => m.type === "TYPE_INTEGER")).toBe(true);
  });

  it("uses Google's descriptions", () => {
    expect(metadata.dimensions.find((d) => d.apiName === "eventName")).toEqual({
      apiName: "eventName",
      uiName: "Event name",
      description: "The name of the event.",
      category: "Event",
    });
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

  it("lists only fields runReport accepts, item-scoped ones aside, which it refuses by name", () => {
    for (const dimension of metadata.dimensions) {
      const body = { dimensions: [{ name: dimension.apiName }], dateRanges: YESTERDAY };
      if (isItemDimension(dimension.apiName)) {
        expect(rejection(body).message).toBe(
          `The Utmost Google emulator does not support item-scoped dimensions such as ${dimension.apiName}.`,
        );
        continue;
      }
      expect(() => report(body)).not.toThrow();
    }
    for (const metric of metadata.metrics) {
      expect(() =>
        report({ metrics: [{ name: metric.apiName }], dateRanges: YESTERDAY }),
      ).not.toThrow();
    }
  });
});
