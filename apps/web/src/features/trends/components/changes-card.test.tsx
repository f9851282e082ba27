import { render, screen, within } from "@testing-library/react";
import type { TrendChanges, TrendIssue } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { ChangesCard } from "./changes-card";

function issue(overrides: Partial<TrendIssue>): TrendIssue {
  return {
    issueId: crypto.randomUUID(),
    title: "Campaign names differ only by case",
    issueType: "case-inconsistency",
    severity: "warning",
    affectedSessionsCount: 1200,
    ...overrides,
  };
}

function changes(overrides: Partial<TrendChanges> = {}): TrendChanges {
  return {
    latestScanId: crypto.randomUUID(),
    previousScanId: crypto.randomUUID(),
    scoreChange: 7,
    newCount: 0,
    fixedCount: 0,
    reopenedCount: 0,
    new: [],
    fixed: [],
    reopened: [],
    ...overrides,
  };
}

function section(name: RegExp) {
  return screen.getByRole("region", { name });
}

describe("ChangesCard", () => {
  it("shows the score change and the new, fixed and re-opened issues", () => {
    render(
      <ChangesCard
        changes={changes({
          scoreChange: 7,
          newCount: 1,
          new: [
            issue({ title: "PII in utm_term", severity: "critical", affectedSessionsCount: 5321 }),
          ],
          fixedCount: 3,
          fixed: [issue({ title: "Spaces in utm_source" }), issue({ title: "Mixed separators" })],
          reopenedCount: 1,
          reopened: [issue({ title: "Unknown medium", severity: "info" })],
        })}
      />,
    );
    expect(screen.getByRole("heading", { name: "Since the previous scan" })).toBeTruthy();
    expect(screen.getByText("Score up 7 points")).toBeTruthy();
    const added = section(/^New issues/);
    expect(within(added).getByText("PII in utm_term")).toBeTruthy();
    expect(within(added).getByText("Critical")).toBeTruthy();
    expect(within(added).getByText("5,321 sessions")).toBeTruthy();
    const fixed = section(/^Fixed/);
    expect(within(fixed).getByLabelText("3 issues")).toBeTruthy();
    expect(
      within(fixed)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "WarningSpaces in utm_source1,200 sessions",
      "WarningMixed separators1,200 sessions",
      "and 1 more",
    ]);
    expect(within(section(/^Re-opened/)).getByText("Unknown medium")).toBeTruthy();
  });

  it.each([
    [-1, "Score down 1 point"],
    [0, "Score unchanged"],
    [null, "No score to compare."],
  ])("says a change of %s as %s", (scoreChange, text) => {
    render(<ChangesCard changes={changes({ scoreChange })} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("says when a list is empty", () => {
    render(<ChangesCard changes={changes()} />);
    expect(within(section(/^New issues/)).getByText("No new issues.")).toBeTruthy();
    expect(
      within(section(/^Fixed/)).getByText("Nothing fixed since the previous scan."),
    ).toBeTruthy();
    expect(
      within(section(/^Re-opened/)).getByText("No resolved issue was found again."),
    ).toBeTruthy();
  });
});
