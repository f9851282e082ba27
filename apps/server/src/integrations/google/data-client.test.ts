import type { PropertyQuota } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { createGoogleDataClient, type ReportPage, type ReportQuery } from "./data-client.ts";
import { type FakeRoute, googleErrorResponse, jsonResponse, scriptedFetch } from "./fake-google.ts";

const BASE = "https://analyticsdata.googleapis.com";

const QUERY: ReportQuery = {
  dimensions: [{ name: "sessionSource" }, { name: "sessionMedium" }],
  metrics: [{ name: "sessions" }],
  dateRanges: [{ startDate: "2026-08-20", endDate: "2026-11-18" }],
  dimensionFilter: {
    notExpression: { filter: { fieldName: "sessionMedium", emptyFilter: {} } },
  },
};

/** A report of `total` rows served by limit/offset, quota going down by 5 tokens a request. */
function reportApi(total: number) {
  let remaining = 1_000;
  const route: FakeRoute = (request) => {
    const body = JSON.parse(request.body) as { limit: string; offset: string };
    const offset = Number(body.offset);
    const limit = Number(body.limit);
    remaining -= 5;
    const quota: PropertyQuota = {
      tokensPerHour: { consumed: 5, remaining },
      tokensPerDay: { consumed: 5, remaining: remaining * 5 },
      tokensPerProjectPerHour: { consumed: 5, remaining },
    };
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      dimensionValues: [{ value: `source-${offset + i}` }, { value: "cpc" }],
      metricValues: [{ value: String(offset + i + 1) }],
    }));
    return jsonResponse({
      dimensionHeaders: [{ name: "sessionSource" }, { name: "sessionMedium" }],
      metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
      ...(rows.length > 0 ? { rows } : {}),
      ...(total > 0 ? { rowCount: total } : {}),
      metadata: { currencyCode: "USD", timeZone: "Europe/London" },
      propertyQuota: quota,
      kind: "analyticsData#runReport",
    });
  };
  return route;
}

async function collect(pages: AsyncIterable<ReportPage>): Promise<ReportPage[]> {
  const all: ReportPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

function recordingRetry() {
  const waits: number[] = [];
  return {
    waits,
    retry: {
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      random: () => 0.5,
    },
  };
}

describe("runReportPages", () => {
  it("pages with string limit/offset until offset reaches rowCount", async () => {
    const fake = scriptedFetch(reportApi(25));
    const data = createGoogleDataClient({ session: fake, baseUrl: BASE });
    const pages = await collect(data.runReportPages("312456789", QUERY, { pageSize: 10 }));

    expect(pages.map((p) => [p.offset, p.rows.length, p.rowCount])).toEqual([
      [0, 10, 25],
      [10, 10, 25],
      [20, 5, 25],
    ]);
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.dimensionValues[0]?.value)).toEqual(
      Array.from({ length: 25 }, (_, i) => `source-${i}`),
    );
    expect(pages[0]?.metricHeaders).toEqual([{ name: "sessions", type: "TYPE_INTEGER" }]);

    const sent = fake.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(sent.map((b) => [b.limit, b.offset, b.returnPropertyQuota])).toEqual([
      ["10", "0", true],
      ["10", "10", true],
      ["10", "20", true],
    ]);
    expect(sent[0]?.dimensionFilter).toEqual(QUERY.dimensionFilter);
    expect(fake.requests[0]?.url.pathname).toBe("/v1beta/properties/312456789:runReport");
    // Compact JSON: Google pretty-prints unless told not to.
    expect(fake.requests[0]?.url.searchParams.get("prettyPrint")).toBe("false");
    expect(fake.requests[0]?.headers.get("content-type")).toBe("application/json");
    expect(data.apiCalls).toBe(3);
  });

  it("yields one empty page for an empty report (no rows key, no rowCount)", async () => {
    const data = createGoogleDataClient({ session: scriptedFetch(reportApi(0)), baseUrl: BASE });
    const pages = await collect(data.runReportPages("1", QUERY));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ rows: [], rowCount: 0, offset: 0 });
  });

  it("tracks the latest property quota and says when it runs below the reserve", async () => {
    const data = createGoogleDataClient({
      session: scriptedFetch(reportApi(100)),
      baseUrl: BASE,
      quotaReserve: 980,
    });
    expect(data.quota("1")).toBeUndefined();
    expect(data.lowQuota("1")).toBe(false);
    const seen: boolean[] = [];
    for await (const page of data.runReportPages("1", QUERY, { pageSize: 10 })) {
      seen.push(data.lowQuota("1"));
      expect(page.propertyQuota).toEqual(data.quota("properties/1"));
      if (data.lowQuota("1")) break;
    }
    // 995 down to 980 leave the reserve; 975 is below it, and the scan stops there.
    expect(seen).toEqual([false, false, false, false, true]);
    expect(data.quota("1")?.tokensPerHour?.remaining).toBe(975);
  });

  it("reads an omitted `remaining` as none left (proto3 drops zeros)", async () => {
    const data = createGoogleDataClient({
      session: scriptedFetch(() =>
        jsonResponse({
          propertyQuota: { tokensPerHour: { consumed: 3 } },
          kind: "analyticsData#runReport",
        }),
      ),
      baseUrl: BASE,
    });
    await data.runReport("1", { ...QUERY, returnPropertyQuota: true });
    expect(data.lowQuota("1")).toBe(true);
  });

  it("stops with GOOGLE_QUOTA_EXHAUSTED after the pages already yielded, without retrying", async () => {
    const healthy = reportApi(50);
    let calls = 0;
    const fake = scriptedFetch((request) =>
      ++calls <= 2
        ? healthy(request)
        : googleErrorResponse(429, "RESOURCE_EXHAUSTED", "Exhausted property tokens per hour."),
    );
    const { retry, waits } = recordingRetry();
    const data = createGoogleDataClient({ session: fake, baseUrl: BASE, retry });
    const pages: ReportPage[] = [];
    const error = await (async () => {
      for await (const page of data.runReportPages("1", QUERY, { pageSize: 10 })) pages.push(page);
    })().catch((e: unknown) => e);
    expect(pages).toHaveLength(2);
    expect(error).toMatchObject({
      code: "GOOGLE_QUOTA_EXHAUSTED",
      quotaWindow: "hour",
      status: 429,
    });
    expect(waits).toEqual([]);
    expect(data.apiCalls).toBe(3);
  });

  it("retries 503s and concurrent-request 429s with backoff, then succeeds", async () => {
    const healthy = reportApi(5);
    const script = [
      () => googleErrorResponse(503, "UNAVAILABLE", "The service is currently unavailable."),
      () => googleErrorResponse(429, "RESOURCE_EXHAUSTED", "Exhausted concurrent requests quota."),
      () =>
        new Response("<html>Bad Gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html" },
        }),
    ];
    const fake = scriptedFetch((request) => (script.shift() ?? (() => healthy(request)))());
    const { retry, waits } = recordingRetry();
    const data = createGoogleDataClient({ session: fake, baseUrl: BASE, retry });
    const pages = await collect(data.runReportPages("1", QUERY));
    expect(pages[0]?.rows).toHaveLength(5);
    expect(waits).toEqual([250, 500, 1_000]);
    expect(data.apiCalls).toBe(4);
  });

  it("retries network failures and gives up with GOOGLE_UNAVAILABLE beyond the budget", async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls++;
      throw new TypeError("fetch failed");
    };
    const { retry, waits } = recordingRetry();
    const data = createGoogleDataClient({
      session: { fetch: failing },
      baseUrl: BASE,
      retry: { ...retry, maxAttempts: 4 },
    });
    await expect(data.runReport("1", QUERY)).rejects.toMatchObject({ code: "GOOGLE_UNAVAILABLE" });
    expect(calls).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it("maps 400 with Google's message and refuses a malformed request before sending it", async () => {
    const fake = scriptedFetch(() =>
      googleErrorResponse(400, "INVALID_ARGUMENT", "Field sessionSorce is not a valid dimension."),
    );
    const data = createGoogleDataClient({ session: fake, baseUrl: BASE });
    await expect(data.runReport("1", QUERY)).rejects.toMatchObject({
      code: "GOOGLE_INVALID_REQUEST",
      googleMessage: "Field sessionSorce is not a valid dimension.",
    });
    const tenDimensions = Array.from({ length: 10 }, (_, i) => ({ name: `d${i}` }));
    await expect(
      data.runReport("1", { ...QUERY, dimensions: tenDimensions }),
    ).rejects.toMatchObject({
      code: "GOOGLE_INVALID_REQUEST",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("refuses a response whose metric values are numbers, not strings", async () => {
    const data = createGoogleDataClient({
      session: scriptedFetch(() =>
        jsonResponse({
          rows: [{ dimensionValues: [{ value: "a" }], metricValues: [{ value: 3 }] }],
          rowCount: 1,
        }),
      ),
      baseUrl: BASE,
    });
    await expect(data.runReport("1", QUERY)).rejects.toMatchObject({ code: "GOOGLE_BAD_RESPONSE" });
  });

  it("reads rows without value lists as empty lists, and refuses rows of the wrong shape", async () => {
    const answering = (rows: unknown) =>
      createGoogleDataClient({
        session: scriptedFetch(() => jsonResponse({ rows, rowCount: 1 })),
        baseUrl: BASE,
      });
    const report = await answering([{ metricValues: [{ value: "4" }] }]).runReport("1", QUERY);
    expect(report.rows).toEqual([{ dimensionValues: [], metricValues: [{ value: "4" }] }]);
    for (const rows of [
      "rows",
      [null],
      [{ dimensionValues: {} }],
      [{ dimensionValues: [{}] }],
      [{ dimensionValues: [{ value: "a" }], metricValues: [null] }],
    ]) {
      await expect(answering(rows).runReport("1", QUERY)).rejects.toMatchObject({
        code: "GOOGLE_BAD_RESPONSE",
        message: expect.stringContaining("rows"),
      });
    }
  });
});
