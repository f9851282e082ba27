import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startGoogleEmulator } from "../server.ts";
import { callApi, signIn } from "../testing/oauth-flow.ts";

const START = new Date("2026-03-10T12:30:00Z");
const STORE = "312456789";
const REPORT = {
  dimensions: [{ name: "sessionSource" }],
  metrics: [{ name: "sessions" }],
  dateRanges: [{ startDate: "yesterday", endDate: "yesterday" }],
};

/** The report route's quota refusals over HTTP (ga4-protocol.md §3.8, §3.10). */
describe("Data API quota over HTTP", () => {
  let clock = START;
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ now: () => clock });
  });
  afterEach(() => {
    clock = START;
    emulator.faults.reset();
  });
  afterAll(() => emulator.close());

  const report = (token: string) =>
    callApi(emulator.url, `/v1beta/properties/${STORE}:runReport`, token, REPORT);

  it("refuses reports past 10 concurrent ones to a standard property", async () => {
    // "Standard Analytics Properties can send up to 10 concurrent requests" (PropertyQuota).
    const { tokens } = await signIn(emulator.url, {});
    emulator.faults.setLatency(300);
    const ten = await Promise.all(Array.from({ length: 10 }, () => report(tokens.access_token)));
    expect(ten.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    const eleven = await Promise.all(Array.from({ length: 11 }, () => report(tokens.access_token)));
    const refused = eleven.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.json).toEqual({
      error: {
        code: 429,
        message: "Exhausted concurrent requests quota.",
        status: "RESOURCE_EXHAUSTED",
      },
    });
    emulator.faults.setLatency(0);
    // Answered requests leave the count: the property takes requests again.
    expect((await report(tokens.access_token)).status).toBe(200);
  });

  it("refuses a project's reports for the rest of the hour after 10 server errors", async () => {
    // "Standard Analytics Properties and cloud project pairs can have up to 10 server errors per
    // hour" (PropertyQuota.serverErrorsPerProjectPerHour).
    const { tokens } = await signIn(emulator.url, {});
    emulator.faults.failNext(10, 500, { path: ":runReport" });
    for (let i = 0; i < 10; i++) expect((await report(tokens.access_token)).status).toBe(500);
    const refused = await report(tokens.access_token);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      error: { code: 429, status: "RESOURCE_EXHAUSTED" },
    });
    clock = new Date("2026-03-10T13:00:00Z");
    expect((await report(tokens.access_token)).status).toBe(200);
  });
});
