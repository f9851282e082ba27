/**
 * `POST v1beta/properties/{id}:batchRunReports` (ga4-protocol.md §3.4): the batch's own rules.
 * Each request in it is then read and answered as a runReport (run-report.ts).
 */
import type { GoogleApiError } from "../google-error.ts";
import {
  RequestRejected,
  readMessage,
  readRepeated,
  readString,
  reject,
} from "./request-fields.ts";

/** analytics_data_api.proto, BatchRunReportsRequest.requests: "up to 5 requests". */
export const MAX_BATCH_REQUESTS = 5;

export type BatchRequests =
  | { ok: true; requests: unknown[] }
  | { ok: false; error: GoogleApiError };

/** The batch's RunReportRequests, or Google's 400 for a batch it refuses. */
export function readBatchRunReportsRequest(body: unknown, propertyId: string): BatchRequests {
  try {
    return { ok: true, requests: readBatch(body, propertyId) };
  } catch (error) {
    if (error instanceof RequestRejected) return { ok: false, error: error.apiError };
    throw error;
  }
}

function readBatch(body: unknown, propertyId: string): unknown[] {
  const batch = readMessage(body ?? {}, "", "BatchRunReportsRequest", ["property", "requests"]);
  // Like runReport's, the batch's `property` is bound from the URL path (§3).
  readString(batch, "property", "");
  const requests = [...readRepeated(batch, "requests", "", "RunReportRequest")];
  if (requests.length === 0) reject("requests must not be empty.");
  if (requests.length > MAX_BATCH_REQUESTS) {
    reject(`Each batch request is allowed up to ${MAX_BATCH_REQUESTS} requests.`);
  }
  // BatchRunReportsRequest.property: "The property within RunReportRequest may either be
  // unspecified or consistent with this property."
  const batchProperty = `properties/${propertyId}`;
  requests.forEach((request, i) => {
    const property =
      typeof request === "object" && request !== null ? Reflect.get(request, "property") : "";
    if (typeof property === "string" && property !== "" && property !== batchProperty) {
      reject(
        `requests[${i}].property is "${property}", not the batch's "${batchProperty}". The property within each RunReportRequest may either be unspecified or consistent with the batch's property.`,
      );
    }
  });
  return requests;
}
