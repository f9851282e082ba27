import {
  type DimensionHeader,
  type MetricHeader,
  type PropertyQuota,
  type QuotaStatus,
  type ReportRow,
  type ResponseMetadata,
  type RunReportRequest,
  type RunReportRequestInput,
  RunReportRequestSchema,
  type RunReportResponse,
  RunReportResponseSchema,
} from "@utmost/contracts";
import { type ApiContext, callGoogleApi, propertyResourceName } from "./api-request.ts";
import { GoogleError } from "./errors.ts";
import type { GoogleSession } from "./google-session.ts";
import { type RetryOptions, retryPolicy } from "./retry.ts";

/** "The API returns a maximum of 250,000 rows per request" (ga4-protocol.md §3.1). */
export const MAX_REPORT_PAGE_SIZE = 250_000;

/**
 * Tokens to keep in hand: with fewer left in any token window, `lowQuota` says stop. Most
 * requests cost under 10 tokens, large ones more (§3.8).
 */
export const DEFAULT_QUOTA_RESERVE = 100;

export interface GoogleDataClientOptions {
  session: Pick<GoogleSession, "fetch">;
  /** `GoogleEndpoints.dataApiBaseUrl`. */
  baseUrl: string;
  quotaReserve?: number;
  retry?: RetryOptions;
  /** Per request; a 250,000-row page takes a while. */
  timeoutMs?: number;
  now?: () => Date;
}

/** A report query without the paging fields, which `runReportPages` owns. */
export type ReportQuery = Omit<RunReportRequest, "limit" | "offset" | "returnPropertyQuota">;

export interface ReportPage {
  rows: ReportRow[];
  /** Rows in the whole result, whatever the page (§3.1). */
  rowCount: number;
  /** Index of this page's first row in the whole result. */
  offset: number;
  propertyQuota?: PropertyQuota;
  dimensionHeaders: DimensionHeader[];
  metricHeaders: MetricHeader[];
  metadata?: ResponseMetadata;
}

export interface GoogleDataClient {
  runReport(propertyId: string, request: RunReportRequestInput): Promise<RunReportResponse>;
  /**
   * Pages through a report with `limit`/`offset` until `offset >= rowCount` (§3.1), asking for
   * the property's quota on each call. Breaking out of the loop stops the paging.
   */
  runReportPages(
    propertyId: string,
    query: ReportQuery,
    options?: { pageSize?: number },
  ): AsyncGenerator<ReportPage, void, undefined>;
  /** The property's quota as of its latest report. */
  quota(propertyId: string): PropertyQuota | undefined;
  /** Whether any token window of the property has less than the reserve left. */
  lowQuota(propertyId: string): boolean;
  /** Requests sent so far, retries included. */
  readonly apiCalls: number;
}

export function createGoogleDataClient(options: GoogleDataClientOptions): GoogleDataClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const reserve = options.quotaReserve ?? DEFAULT_QUOTA_RESERVE;
  const quotas = new Map<string, PropertyQuota>();
  let apiCalls = 0;
  const context: ApiContext = {
    session: options.session,
    retry: retryPolicy(options.retry),
    timeoutMs: options.timeoutMs ?? 180_000,
    now: options.now ?? (() => new Date()),
    onSend: () => {
      apiCalls++;
    },
  };

  async function runReport(
    propertyId: string,
    request: RunReportRequestInput,
  ): Promise<RunReportResponse> {
    const property = propertyResourceName(propertyId);
    // A malformed request would cost quota to be refused; refuse it here instead.
    const parsed = RunReportRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new GoogleError(
        "GOOGLE_INVALID_REQUEST",
        `Invalid report request: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`,
      );
    }
    const response = await callGoogleApi(
      context,
      { method: "POST", url: `${baseUrl}/v1beta/${property}:runReport`, body: parsed.data },
      RunReportResponseSchema,
      "report",
    );
    if (response.propertyQuota) quotas.set(property, response.propertyQuota);
    return response;
  }

  return {
    runReport,

    async *runReportPages(propertyId, query, { pageSize = MAX_REPORT_PAGE_SIZE } = {}) {
      const limit = Math.min(Math.max(1, Math.floor(pageSize)), MAX_REPORT_PAGE_SIZE);
      let offset = 0;
      for (;;) {
        const response = await runReport(propertyId, {
          ...query,
          limit: String(limit),
          offset: String(offset),
          returnPropertyQuota: true,
        });
        // proto3 JSON leaves out a zero rowCount (§0).
        const rowCount = response.rowCount ?? 0;
        yield {
          rows: response.rows,
          rowCount,
          offset,
          propertyQuota: response.propertyQuota,
          dimensionHeaders: response.dimensionHeaders,
          metricHeaders: response.metricHeaders,
          metadata: response.metadata,
        };
        // Advancing by what arrived, not by `limit`, never skips rows if Google sends fewer.
        offset += response.rows.length;
        if (response.rows.length === 0 || offset >= rowCount) return;
      }
    },

    quota(propertyId) {
      return quotas.get(propertyResourceName(propertyId));
    },

    lowQuota(propertyId) {
      const quota = quotas.get(propertyResourceName(propertyId));
      if (!quota) return false;
      return [quota.tokensPerHour, quota.tokensPerDay, quota.tokensPerProjectPerHour].some(
        (status) => status !== undefined && remaining(status) < reserve,
      );
    },

    get apiCalls() {
      return apiCalls;
    },
  };
}

/** proto3 JSON omits a zero `remaining`, so a reported window without it has none left. */
function remaining(status: QuotaStatus): number {
  return status.remaining ?? 0;
}
