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

async function scan(profile: PropertyProfile, email: string, range: DayWindow) {
  const oauth = createGoogleOAuthClient({
    endpoints: emulatorEndpoints(emulator.url),
    ...DEMO_CLIENT,
    now: clock,
  });
  const tokens = await connectWithEmulator({ oauth, scopes: GOOGLE_OAUTH_SCOPES, email });
  const session = createGoogleSession({ oauth, tokens, now: clock, onTokensRefreshed: () => {} });
  const data = createGoogleDataClient({
    session,
    baseUrl: emulatorEndpoints(emulator.url).dataApiBaseUrl,
    now: clock,
  });
  const auditor = createAuditor(
    { siteHosts: [new URL(profile.defaultUri).hostname], now: NOW },
    undefined,
    { views: VIEW_DIMENSIONS },
  );
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
