/**
 * `GET v1beta/properties/{id}/metadata` (ga4-protocol.md §3.5): the dimensions and metrics this
 * property can be asked for. The stand-in has no custom definitions, so every property (and
 * property 0, Google's "common to all properties") gets the same list. Default-valued fields
 * (`customDefinition: false`, empty `deprecatedApiNames`, no `comparisons`) are left out, as
 * proto3 JSON does.
 */
import { DIMENSIONS, type DimensionInfo, METRICS, type MetricInfo } from "./schema.ts";

/** DimensionMetadata, also sent in checkCompatibility's answer. */
export function dimensionMetadata({ apiName, uiName, description, category }: DimensionInfo) {
  return { apiName, uiName, description, category };
}

/** MetricMetadata, also sent in checkCompatibility's answer. */
export function metricMetadata({ apiName, uiName, description, category }: MetricInfo) {
  return { apiName, uiName, description, type: "TYPE_INTEGER", category };
}

export function getMetadata(propertyId: string): Record<string, unknown> {
  return {
    name: `properties/${propertyId}/metadata`,
    dimensions: DIMENSIONS.map(dimensionMetadata),
    metrics: METRICS.map(metricMetadata),
  };
}
