import { render, screen, within } from "@testing-library/react";
import type { TrendPoint } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { ScoreChart } from "./score-chart";
import { ScoreOverTimeCard } from "./score-over-time-card";

function point(overrides: Partial<TrendPoint>): TrendPoint {
  return {
    scanId: crypto.randomUUID(),
    completedAt: "2025-11-01T10:00:00.000Z",
    healthScore: 70,
    healthGrade: "B",
    criticalIssuesCount: 1,
    warningIssuesCount: 3,
    issuesFound: 4,
    ...overrides,
  };
}

const POINTS = [
  point({
    completedAt: "2025-11-01T10:00:00.000Z",
    healthScore: 48,
    healthGrade: "D",
    criticalIssuesCount: 4,
  }),
  point({ completedAt: "2025-11-08T10:00:00.000Z", healthScore: 66, healthGrade: "B" }),
  point({
    completedAt: "2025-11-15T10:00:00.000Z",
    healthScore: 91,
    healthGrade: "A+",
    criticalIssuesCount: 0,
    warningIssuesCount: 2,
  }),
];

describe("ScoreChart", () => {
  it("is one image whose name sums up the scores", () => {
    render(<ScoreChart points={POINTS} />);
    const chart = screen.getByRole("img");
    expect(chart.getAttribute("aria-label")).toBe(
      "Health score over 3 scans, from 48 on Nov 1, 2025 to 91 on Nov 15, 2025; lowest 48, highest 91. " +
        "Latest scan: 0 critical issues, 2 warnings.",
    );
  });

  it("draws a point per scan, left to right in time, higher for a better score, each titled", () => {
    const { container } = render(<ScoreChart points={POINTS} />);
    const circles = [...container.querySelectorAll("circle")];
    expect(circles).toHaveLength(3);
    const xs = circles.map((circle) => Number(circle.getAttribute("cx")));
    const ys = circles.map((circle) => Number(circle.getAttribute("cy")));
    expect(xs[0]).toBeLessThan(xs[1] ?? 0);
    expect(xs[1]).toBeLessThan(xs[2] ?? 0);
    // SVG y grows downwards: a better score sits higher.
    expect(ys[0]).toBeGreaterThan(ys[1] ?? 0);
    expect(ys[1]).toBeGreaterThan(ys[2] ?? 0);
    expect(circles[2]?.getAttribute("class")).toContain("fill-success");
    expect(circles[0]?.getAttribute("class")).toContain("fill-warning");
    expect(circles[0]?.querySelector("title")?.textContent).toMatch(
      /^Nov 1, 2025, .*: score 48, grade D, 4 critical, 3 warnings$/,
    );
  });

  it("lists every scan in a table for screen readers", () => {
    render(<ScoreChart points={POINTS} />);
    const table = screen.getByRole("table", { name: "Every completed scan" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["48", "D", "4", "3"],
      ["66", "B", "1", "3"],
      ["91", "A+", "0", "2"],
    ]);
  });

  it("centres scans made at one instant instead of dividing by zero", () => {
    const at = "2025-11-01T10:00:00.000Z";
    const { container } = render(
      <ScoreChart
        points={[point({ completedAt: at }), point({ completedAt: at, healthScore: 80 })]}
      />,
    );
    const xs = [...container.querySelectorAll("circle")].map((c) => Number(c.getAttribute("cx")));
    expect(xs.every(Number.isFinite)).toBe(true);
    expect(container.querySelector("path")?.getAttribute("d")).not.toContain("NaN");
  });
});

describe("ScoreOverTimeCard", () => {
  it("says plainly that one scan is not yet a chart", () => {
    render(<ScoreOverTimeCard points={[POINTS[0] as TrendPoint]} />);
    expect(screen.getByText(/The chart appears after the second scan\./)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("draws the chart from the second scan", () => {
    render(<ScoreOverTimeCard points={POINTS.slice(0, 2)} />);
    expect(screen.getByRole("heading", { name: "Score over time" })).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("aria-label")).toMatch(
      /^Health score over 2 scans/,
    );
    expect(screen.queryByText(/The chart appears after the second scan/)).toBeNull();
  });
});
