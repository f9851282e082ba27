import type { Issue } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeIssue } from "@/testing/factories";
import {
  DEFAULT_FILTERS,
  facetCounts,
  filterIssues,
  groupByCheck,
  listStatusOf,
} from "./issue-filters";

const issue = (overrides: Partial<Issue>): Issue =>
  makeIssue({ reopened: false, foundByLatestAudit: true, ...overrides });

const issues = [
  issue({ id: "a", severity: "critical", issueType: "case-inconsistency", title: "Spring" }),
  issue({ id: "b", severity: "warning", issueType: "case-inconsistency", values: ["fb"] }),
  issue({ id: "c", severity: "warning", issueType: "source-typo", status: "muted" }),
  issue({ id: "d", severity: "info", issueType: "source-typo", status: "resolved" }),
  issue({ id: "e", severity: "critical", issueType: "source-typo", foundByLatestAudit: false }),
];
const ids = (list: Issue[]) => list.map((i) => i.id);

describe("issue filters", () => {
  it("shows only what the counts count as active, and the rest under their own status", () => {
    expect(ids(filterIssues(issues, DEFAULT_FILTERS))).toEqual(["a", "b"]);
    expect(ids(filterIssues(issues, { ...DEFAULT_FILTERS, status: "muted" }))).toEqual(["c"]);
    expect(ids(filterIssues(issues, { ...DEFAULT_FILTERS, status: "resolved" }))).toEqual(["d"]);
    expect(listStatusOf(issues[4] as Issue)).toBe("gone");
  });

  it("filters by severity, check and text in titles and values", () => {
    expect(ids(filterIssues(issues, { ...DEFAULT_FILTERS, severity: "warning" }))).toEqual(["b"]);
    expect(
      ids(filterIssues(issues, { ...DEFAULT_FILTERS, check: "source-typo", status: "gone" })),
    ).toEqual(["e"]);
    expect(ids(filterIssues(issues, { ...DEFAULT_FILTERS, search: "SPRING" }))).toEqual(["a"]);
    expect(ids(filterIssues(issues, { ...DEFAULT_FILTERS, search: "fb" }))).toEqual(["b"]);
  });

  it("counts each filter's values with the other filters applied", () => {
    const counts = facetCounts(issues, { ...DEFAULT_FILTERS, severity: "critical" });
    expect(Object.fromEntries(counts.status)).toEqual({ active: 1, gone: 1 });
    expect(Object.fromEntries(counts.severity)).toEqual({ critical: 1, warning: 1 });
    expect(counts.severityAll).toBe(2);
    expect(Object.fromEntries(counts.check)).toEqual({ "case-inconsistency": 1 });
  });

  it("groups by check in list order", () => {
    expect(groupByCheck(issues).map((g) => [g.check, ids(g.issues)])).toEqual([
      ["case-inconsistency", ["a", "b"]],
      ["source-typo", ["c", "d", "e"]],
    ]);
  });
});
