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
import {
  type ApiContext,
  callGoogleApi,
  callGoogleApiBytes,
  propertyResourceName,
} from "./api-request.ts";
import { GoogleError } from "./errors.ts";
import type { GoogleSession } from "./google-session.ts";
import { parseBody, parseJsonText, utf8Text } from "./http.ts";
import { ObjectReportRows, type ReportRows, readReportRows } from "./report-table.ts";
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
  /**
   * The page's rows, read in place from the response's text where it has Google's compact
   * layout (report-table.ts): no object per row.
   */
  table: ReportRows;
  /** The same rows as the contract's objects, made when first read. */
  readonly rows: ReportRow[];
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

  /** The request checked as the contract's schema checks it: a malformed one costs quota. */
  function checkedRequest(request: RunReportRequestInput): RunReportRequest {
    const parsed = RunReportRequestSchema.safeParse(request);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new GoogleError(
      "GOOGLE_INVALID_REQUEST",
      `Invalid report request: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`,
    );
  }

  function remember(property: string, response: RunReportResponse): void {
    if (response.propertyQuota) quotas.set(property, response.propertyQuota);
  }

  async function runReport(
    propertyId: string,
    request: RunReportRequestInput,
  ): Promise<RunReportResponse> {
    const property = propertyResourceName(propertyId);
    const response = await callGoogleApi(
      context,
      {
        method: "POST",
        url: `${baseUrl}/v1beta/${property}:runReport`,
        body: checkedRequest(request),
      },
      RunReportResponseSchema,
      "report",
    );
    remember(property, response);
    return response;
  }

  /** `runReport`, its rows read in place (`readReportRows`) where the answer allows. */
  async function runReportTable(
    propertyId: string,
    request: RunReportRequestInput,
  ): Promise<{ response: RunReportResponse; table: ReportRows }> {
    const property = propertyResourceName(propertyId);
    const read = await callGoogleApiBytes(
      context,
      {
        method: "POST",
        url: `${baseUrl}/v1beta/${property}:runReport`,
        body: checkedRequest(request),
      },
      readReport,
    );
    remember(property, read.response);
    return read;
  }

  return {
    runReport,

    async *runReportPages(propertyId, query, { pageSize = MAX_REPORT_PAGE_SIZE } = {}) {
      const limit = Math.min(Math.max(1, Math.floor(pageSize)), MAX_REPORT_PAGE_SIZE);
      let offset = 0;
      for (;;) {
        const { response, table } = await runReportTable(propertyId, {
          ...query,
          limit: String(limit),
          offset: String(offset),
          returnPropertyQuota: true,
        });
        // proto3 JSON leaves out a zero rowCount (§0).
        const rowCount = response.rowCount ?? 0;
        yield reportPage(table, {
          rowCount,
          offset,
          propertyQuota: response.propertyQuota,
          dimensionHeaders: response.dimensionHeaders,
          metricHeaders: response.metricHeaders,
          metadata: response.metadata,
        });
        // Advancing by what arrived, not by `limit`, never skips rows if Google sends fewer.
        offset += table.length;
        if (table.length === 0 || offset >= rowCount) return;
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

/**
 * A report answer: its rows read in place when it has Google's compact layout, the rest checked
 * by the contract's schema; any other answer parsed and checked whole, as `runReport` does.
 */
function readReport(bytes: Uint8Array): { response: RunReportResponse; table: ReportRows } {
  const fast = readReportRows(bytes);
  if (fast) {
    const response = parseBody(RunReportResponseSchema, parseJsonText(fast.rest), "report");
    // A second `rows` member (JSON.parse keeps the last): read it the general way.
    if (response.rows.length === 0) return { response, table: fast.rows };
  }
  const text = utf8Text(bytes);
  const response = parseBody(RunReportResponseSchema, parseJsonText(text), "report");
  return { response, table: new ObjectReportRows(response.rows) };
}

function reportPage(table: ReportRows, page: Omit<ReportPage, "table" | "rows">): ReportPage {
  let rows: ReportRow[] | undefined;
  return {
    ...page,
    table,
    get rows() {
      rows ??= table.toRows();
      return rows;
    },
  };
}

/** proto3 JSON omits a zero `remaining`, so a reported window without it has none left. */
function remaining(status: QuotaStatus): number {
  return status.remaining ?? 0;
}
