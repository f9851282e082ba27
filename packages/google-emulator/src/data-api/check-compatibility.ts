/**
 * `POST v1beta/properties/{id}:checkCompatibility` (analytics_data_api.proto, CheckCompatibility;
 * ga4-protocol.md §3.6): every dimension and metric of the property's metadata with whether it
 * can be added to a report of the request's fields. "This method fails if the request's
 * dimensions and metrics are incompatible", with the same 400 as runReport. The answers come from
 * the one table in compatibility.ts.
 */
import type { GoogleApiError } from "../google-error.ts";
import {
  type Compatibility,
  dimensionCompatibility,
  metricCompatibility,
} from "./compatibility.ts";
import { dimensionMetadata, metricMetadata } from "./metadata.ts";
import { readReportFields } from "./parse-request.ts";
import { RequestRejected, readEnum, readMessage, readString } from "./request-fields.ts";
import { DIMENSIONS, METRICS } from "./schema.ts";

export type CheckCompatibilityResult =
  | { ok: true; response: Record<string, unknown> }
  | { ok: false; error: GoogleApiError };

const REQUEST_FIELDS = [
  "property",
  "dimensions",
  "metrics",
  "dimensionFilter",
  "metricFilter",
  "compatibilityFilter",
];

export function checkCompatibility(body: unknown): CheckCompatibilityResult {
  try {
    return { ok: true, response: answer(body) };
  } catch (error) {
    if (error instanceof RequestRejected) return { ok: false, error: error.apiError };
    throw error;
  }
}

function answer(body: unknown): Record<string, unknown> {
  const request = readMessage(body ?? {}, "", "CheckCompatibilityRequest", REQUEST_FIELDS);
  // Bound from the URL path, as in runReport (§3).
  readString(request, "property", "");
  const filter = readEnum(request, "compatibilityFilter", "", "Compatibility", [
    "COMPATIBILITY_UNSPECIFIED",
    "COMPATIBLE",
    "INCOMPATIBLE",
  ]);
  const { schemaDimensions, metrics } = readReportFields(request);
  const metricNames = metrics.map((metric) => metric.name);
  const shown = (compatibility: Compatibility) =>
    filter === undefined || filter === "COMPATIBILITY_UNSPECIFIED" || filter === compatibility;

  const dimensionCompatibilities = DIMENSIONS.map((info) => ({
    dimensionMetadata: dimensionMetadata(info),
    compatibility: dimensionCompatibility(info.apiName, schemaDimensions, metricNames),
  })).filter((entry) => shown(entry.compatibility));
  const metricCompatibilities = METRICS.map((info) => ({
    metricMetadata: metricMetadata(info),
    compatibility: metricCompatibility(info.apiName, schemaDimensions, metricNames),
  })).filter((entry) => shown(entry.compatibility));

  // proto3 JSON leaves out an empty repeated field (§0).
  return {
    ...(dimensionCompatibilities.length > 0 ? { dimensionCompatibilities } : {}),
    ...(metricCompatibilities.length > 0 ? { metricCompatibilities } : {}),
  };
}
