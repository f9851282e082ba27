import { describe, expect, it } from "vitest";
import { makeRunningScan, makeScan } from "@/testing/factories";
import { isAuthExpired, newestCompletedScan } from "./scan-state";

describe("isAuthExpired", () => {
  it("trusts the typed code", () => {
    expect(isAuthExpired(makeScan({ status: "failed", errorCode: "GOOGLE_AUTH_EXPIRED" }))).toBe(
      true,
    );
  });

  it.each([
    "Google authentication expired",
    "Please reconnect your Google Analytics property",
    "Request had invalid authentication credentials: UNAUTHENTICATED",
  ])("recognises the message %j", (errorMessage) => {
    expect(isAuthExpired(makeScan({ status: "failed", errorMessage }))).toBe(true);
  });

  it("ignores other failures and finished scans", () => {
    expect(isAuthExpired(makeScan({ status: "failed", errorMessage: "Quota exhausted" }))).toBe(
      false,
    );
    expect(isAuthExpired(makeScan({ status: "completed", errorCode: "GOOGLE_AUTH_EXPIRED" }))).toBe(
      false,
    );
  });
});

describe("newestCompletedScan", () => {
  it("skips running and failed scans and picks the newest completed one", () => {
    const older = makeScan({ createdAt: "2025-10-01T00:00:00.000Z" });
    const newer = makeScan({ createdAt: "2025-10-20T00:00:00.000Z" });
    const failed = makeScan({ status: "failed", createdAt: "2025-11-01T00:00:00.000Z" });
    expect(newestCompletedScan([failed, older, null, newer])).toBe(newer);
  });

  it("returns null without a completed scan", () => {
    expect(newestCompletedScan([makeRunningScan(), undefined])).toBeNull();
  });
});
