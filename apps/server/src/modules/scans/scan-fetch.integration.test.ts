import { createAuditor, VIEW_DIMENSIONS } from "@utmost/engine";
import {
  DEMO_CLIENT,
  HOSTILE_USER_EMAIL,
  type RunningEmulator,
  startGoogleEmulator,
} from "@utmost/google-emulator";
import {
  createSyntheticProperty,
  PROFILES,
  type PropertyProfile,
  TEST_PROFILES,
} from "@utmost/google-emulator/synthetic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleDataClient } from "../../integrations/google/data-client.ts";
import { emulatorEndpoints } from "../../integrations/google/endpoints.ts";
import { createGoogleSession } from "../../integrations/google/google-session.ts";
import {
  createGoogleOAuthClient,
  GOOGLE_OAUTH_SCOPES,
} from "../../integrations/google/oauth-client.ts";
import { connectWithEmulator } from "../../integrations/google/testing.ts";
import type { CheckpointStore, WindowCheckpoint } from "./scan-checkpoint.ts";
import { fetchScanRows } from "./scan-fetch.ts";
import { type DayWindow, isoDate, scanDateRange } from "./scan-plan.ts";

/**
 * Every synthetic property scanned through the strict Google stand-in over HTTP, as a scan reads
 * it: the three views per window, each request within Google's documented limits (the stand-in
 * refuses any other). The injected-error ground truth must be found exactly, every check fed,
 * and the sessions total must be the property's true total: no session counted twice.
 * `revoked-client` is left out: any use of its grant revokes it, by design.
 */

const NOW = new Date("2026-11-16T06:00:00Z");
const clock = () => NOW;
const RANGE = scanDateRange(NOW);
/** The publisher's 180,000 sessions a day: a few days hold its injected errors. */
const PUBLISHER_RANGE: DayWindow = { startDay: RANGE.endDay - 2, endDay: RANGE.endDay };
/** Checks that skip for want of an earlier scan or of the workspace's conventions, not data. */
const CONTEXT_CHECKS = new Set(["new-values-since-last-scan", "naming-convention"]);

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startGoogleEmulator({ now: clock });
});
afterAll(async () => {
  await emulator?.close();
});

const SCANNED: [string, PropertyProfile, string, DayWindow][] = [
  ["well-run-store", PROFILES["well-run-store"], "alex.morgan@gmail.com", RANGE],
  ["agency-client", PROFILES["agency-client"], "alex.morgan@gmail.com", RANGE],
  ["large-store", PROFILES["large-store"], "alex.morgan@gmail.com", RANGE],
  ["huge-publisher", PROFILES["huge-publisher"], "alex.morgan@gmail.com", PUBLISHER_RANGE],
  ["hostile-text", TEST_PROFILES["hostile-text"], HOSTILE_USER_EMAIL, RANGE],
];

async function dataClientFor(email: string) {
  const oauth = createGoogleOAuthClient({
    endpoints: emulatorEndpoints(emulator.url),
    ...DEMO_CLIENT,
    now: clock,
  });
  const tokens = await connectWithEmulator({ oauth, scopes: GOOGLE_OAUTH_SCOPES, email });
  const session = createGoogleSession({ oauth, tokens, now: clock, onTokensRefreshed: () => {} });
  return createGoogleDataClient({
    session,
    baseUrl: emulatorEndpoints(emulator.url).dataApiBaseUrl,
    now: clock,
  });
}

function auditorFor(profile: PropertyProfile) {
  return createAuditor({ siteHosts: [new URL(profile.defaultUri).hostname], now: NOW }, undefined, {
    views: VIEW_DIMENSIONS,
  });
}

async function scan(profile: PropertyProfile, email: string, range: DayWindow) {
  const data = await dataClientFor(email);
  const auditor = auditorFor(profile);
  const fetched = await fetchScanRows({
    data,
    propertyId: profile.propertyId,
    range,
    rememberedChunkSizeDays: null,
    signal: new AbortController().signal,
    sink: auditor,
    onProgress: () => {},
    onChunkSize: async () => {},
  });
  return { fetched, report: auditor.finish() };
}

function trueSessions(profile: PropertyProfile, range: DayWindow): number {
  const property = createSyntheticProperty(profile);
  let sessions = 0;
  for (let day = range.startDay; day <= range.endDay; day++) {
    for (const row of property.rowsForDay(isoDate(day).replaceAll("-", ""))) {
      sessions += row.sessions;
    }
  }
  return sessions;
}

describe.each(SCANNED)(
  "a scan of %s through the strict stand-in",
  (_key, profile, email, range) => {
    it("feeds every check, counts every session once, and finds exactly the injected errors", async () => {
      const { fetched, report } = await scan(profile, email, range);
      expect(fetched).toMatchObject({ isComplete: true, quotaLimitHit: false });

      expect(report.totals.sessions).toBe(trueSessions(profile, range));
      const starved = report.checks
        .filter((check) => check.status === "skipped" && !CONTEXT_CHECKS.has(check.id))
        .map((check) => `${check.id}: ${check.skippedReason}`);
      expect(starved).toEqual([]);

      const failed = report.checks.filter((check) => check.status === "failed").map((c) => c.id);
      expect(new Set(failed)).toEqual(
        new Set(profile.injectedErrors.map((error) => error.checkId)),
      );
      const unnamed = profile.injectedErrors.flatMap((error) => {
        const check = report.checks.find((candidate) => candidate.id === error.checkId);
        const named = new Set(check?.findings.flatMap((finding) => finding.values));
        return error.values
          .filter((value) => !named.has(value))
          .map((v) => `${error.checkId}: ${v}`);
      });
      expect(unnamed).toEqual([]);
    }, 120_000);
  },
);

describe("a scan resumed from its checkpoints", () => {
  it("reads none of the checkpointed windows again, and audits the same as an undisturbed scan", async () => {
    const profile = PROFILES["agency-client"];
    const saved: WindowCheckpoint[] = [];
    const store: CheckpointStore = {
      load: async () => [...saved].sort((a, b) => b.window.endDay - a.window.endDay),
      save: async (checkpoint) => {
        // A copy, as the database keeps: nothing the scan changes later reaches it.
        saved.push(structuredClone(checkpoint));
      },
    };
    const requested: string[] = [];
    const run = async (signal: AbortSignal, onProgress: (fraction: number) => void) => {
      const data = await dataClientFor("alex.morgan@gmail.com");
      const pages = data.runReportPages.bind(data);
      data.runReportPages = (propertyId, query, options) => {
        requested.push(JSON.stringify(query.dateRanges));
        return pages(propertyId, query, options);
      };
      const auditor = auditorFor(profile);
      const fetched = await fetchScanRows({
        data,
        propertyId: profile.propertyId,
        range: RANGE,
        rememberedChunkSizeDays: 2,
        signal,
        sink: auditor,
        checkpoints: store,
        onProgress: (progress) => onProgress(progress.fraction),
        onChunkSize: async () => {},
      });
      return { fetched, auditor };
    };

    // The first attempt stops once a third of the range is read, as a killed worker would.
    const first = new AbortController();
    await expect(
      run(first.signal, (fraction) => {
        if (fraction >= 1 / 3) first.abort(new Error("killed"));
      }),
    ).rejects.toThrow("killed");
    const checkpointed = new Set(
      saved.map((checkpoint) =>
        JSON.stringify([
          {
            startDate: isoDate(checkpoint.window.startDay),
            endDate: isoDate(checkpoint.window.endDay),
          },
        ]),
      ),
    );
    expect(checkpointed.size).toBeGreaterThanOrEqual(15);
    expect(checkpointed.size).toBeLessThan(45);

    requested.length = 0;
    const resumed = await run(new AbortController().signal, () => {});
    expect(requested.filter((range) => checkpointed.has(range))).toEqual([]);
    expect(resumed.fetched).toMatchObject({ isComplete: true, daysFetched: 90 });
    expect(resumed.fetched.resumedDays).toBe(checkpointed.size * 2);

    const undisturbed = await scan(profile, "alex.morgan@gmail.com", RANGE);
    const report = resumed.auditor.finish();
    expect(report.checks).toEqual(undisturbed.report.checks);
    expect(report.totals).toEqual(undisturbed.report.totals);
    expect(resumed.fetched.rowsFetched).toBe(undisturbed.fetched.rowsFetched);
  }, 120_000);
});
