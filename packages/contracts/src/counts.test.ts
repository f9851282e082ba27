import { describe, expect, it } from "vitest";
import { type CountedIssue, countIssues } from "./counts.ts";

const issue = (overrides: Partial<CountedIssue> = {}): CountedIssue => ({
  severity: "warning",
  status: "active",
  reopened: false,
  ...overrides,
});

describe("countIssues", () => {
  it("counts active issues by severity, muted and resolved apart, re-opened among the active", () => {
    const counts = countIssues({
      issues: [
        issue({ severity: "critical" }),
        issue({ severity: "critical", reopened: true }),
        issue({ severity: "warning" }),
        issue({ severity: "warning", status: "muted" }),
        issue({ severity: "critical", status: "resolved" }),
        issue({ severity: "info" }),
        issue({ severity: "info", status: "muted", reopened: true }),
      ],
      checks: [],
    });
    expect(counts).toEqual({
      critical: 2,
      warning: 1,
      info: 1,
      active: 4,
      reopened: 1,
      muted: 2,
      resolved: 1,
      passedChecks: 0,
      checksRun: 0,
      checksSkipped: 0,
      checksTotal: 0,
    });
  });

  it("counts passed checks out of those that ran; skipped ones count neither way", () => {
    const counts = countIssues({
      issues: [],
      checks: [
        { status: "passed" },
        { status: "passed" },
        { status: "failed" },
        { status: "skipped" },
        { status: "passed" },
      ],
    });
    expect(counts).toMatchObject({
      passedChecks: 3,
      checksRun: 4,
      checksSkipped: 1,
      checksTotal: 5,
      active: 0,
    });
  });
});
