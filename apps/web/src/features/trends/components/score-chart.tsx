import type { TrendPoint } from "@utmost/contracts";
import { useLayoutEffect, useRef, useState } from "react";
import { formatDate, formatDateTime } from "@/lib/format";
import { type HealthTone, scanHealth, scoreTone } from "@/lib/health-score";

/*
 * A small hand-drawn SVG chart: the health score (0-100) of every completed scan as a line with
 * points, and under it each scan's critical and warning issues as stacked bars. The picture is
 * one image with a summary for screen readers; the table after it holds every value.
 */

/** The drawing's width on a wide screen; on a narrower one it is the chart's own width. */
const FULL_WIDTH = 640;
/** Narrower than this the plot gets too cramped: the chart scales down instead. */
const MIN_WIDTH = 300;
const HEIGHT = 260;
const LEFT = 36;
const RIGHT = 12;
const INSET = 10;
const TOP = 12;
const SCORE_BOTTOM = 168;
const BARS_TOP = 196;
const BARS_BOTTOM = 236;
const SCORE_TICKS = [0, 25, 50, 75, 100];

const POINT_FILL: Record<HealthTone, string> = {
  success: "fill-success",
  accent: "fill-accent",
  warning: "fill-warning",
  destructive: "fill-destructive",
};

function pointLabel(point: TrendPoint): string {
  const { score, grade } = scanHealth(point);
  return `${formatDateTime(point.completedAt)}: score ${score}, grade ${grade}, ${point.criticalIssuesCount} critical, ${point.warningIssuesCount} warnings`;
}

/** One sentence a screen reader says for the whole picture. */
export function chartSummary(points: readonly TrendPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "No completed scans yet";
  const scores = points.map((point) => scanHealth(point).score);
  return (
    `Health score over ${points.length} scans, from ${scores[0]} on ${formatDate(first.completedAt)} ` +
    `to ${scores.at(-1)} on ${formatDate(last.completedAt)}; lowest ${Math.min(...scores)}, ` +
    `highest ${Math.max(...scores)}. Latest scan: ${last.criticalIssuesCount} critical issues, ` +
    `${last.warningIssuesCount} warnings.`
  );
}

/** Horizontal positions by time; scans at one instant (or a single scan) sit in the middle. */
function xPositions(points: readonly TrendPoint[], width: number): number[] {
  const times = points.map((point) => Date.parse(point.completedAt));
  const start = Math.min(...times);
  const span = Math.max(...times) - start;
  // Inset, so the first and last bars stay inside the plot.
  const left = LEFT + INSET;
  const plotWidth = width - RIGHT - INSET - left;
  return times.map((time) =>
    span === 0 ? left + plotWidth / 2 : left + ((time - start) / span) * plotWidth,
  );
}

const scoreY = (score: number) => SCORE_BOTTOM - (score / 100) * (SCORE_BOTTOM - TOP);

/**
 * The drawing's width in user units: its width on screen when narrower than 640 px, so that on
 * a phone one unit stays one pixel and the 11 px labels stay 11 px (issue 22: they were ~5 px).
 */
function useDrawingWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(FULL_WIDTH);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const shown = entry?.contentRect.width ?? FULL_WIDTH;
      if (shown > 0) setWidth(Math.round(Math.min(FULL_WIDTH, Math.max(MIN_WIDTH, shown))));
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function ScoreChart({ points }: { points: readonly TrendPoint[] }) {
  const { ref, width } = useDrawingWidth();
  const xs = xPositions(points, width);
  const scores = points.map((point) => scanHealth(point).score);
  const line = points
    .map(
      (_, index) =>
        `${index === 0 ? "M" : "L"}${xs[index]?.toFixed(1)},${scoreY(scores[index] ?? 0).toFixed(1)}`,
    )
    .join(" ");
  const maxIssues = Math.max(1, ...points.map((p) => p.criticalIssuesCount + p.warningIssuesCount));
  const barHeight = (count: number) => (count / maxIssues) * (BARS_BOTTOM - BARS_TOP);
  const barWidth = Math.max(2, Math.min(14, (width - LEFT - RIGHT) / points.length - 2));
  const first = points[0];
  const last = points.at(-1);

  return (
    <figure className="flex flex-col gap-3">
      <svg
        ref={ref}
        role="img"
        aria-label={chartSummary(points)}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-auto w-full overflow-visible text-muted-foreground"
      >
        {SCORE_TICKS.map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={width - RIGHT}
              y1={scoreY(tick)}
              y2={scoreY(tick)}
              className="stroke-border"
              strokeDasharray={tick === 0 ? undefined : "3 4"}
            />
            <text
              x={LEFT - 8}
              y={scoreY(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-current text-[11px]"
            >
              {tick}
            </text>
          </g>
        ))}
        <path
          d={line}
          fill="none"
          className="stroke-primary"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {points.map((point, index) => (
          <circle
            key={point.scanId}
            cx={xs[index]}
            cy={scoreY(scores[index] ?? 0)}
            r={points.length > 60 ? 2.5 : 4.5}
            className={`${POINT_FILL[scoreTone(scores[index] ?? 0)]} stroke-card`}
            strokeWidth={1.5}
          >
            <title>{pointLabel(point)}</title>
          </circle>
        ))}
        <text x={LEFT} y={BARS_TOP - 8} className="fill-current text-[11px]">
          Critical and warning issues
        </text>
        {points.map((point, index) => {
          const x = (xs[index] ?? 0) - barWidth / 2;
          const critical = barHeight(point.criticalIssuesCount);
          const warning = barHeight(point.warningIssuesCount);
          return (
            <g key={point.scanId}>
              <rect
                x={x}
                y={BARS_BOTTOM - critical}
                width={barWidth}
                height={critical}
                className="fill-destructive"
              />
              <rect
                x={x}
                y={BARS_BOTTOM - critical - warning}
                width={barWidth}
                height={warning}
                className="fill-warning"
              />
            </g>
          );
        })}
        <line
          x1={LEFT}
          x2={width - RIGHT}
          y1={BARS_BOTTOM}
          y2={BARS_BOTTOM}
          className="stroke-border"
        />
        {first && last ? (
          <>
            <text x={LEFT} y={HEIGHT - 6} className="fill-current text-[11px]">
              {formatDate(first.completedAt)}
            </text>
            <text
              x={width - RIGHT}
              y={HEIGHT - 6}
              textAnchor="end"
              className="fill-current text-[11px]"
            >
              {formatDate(last.completedAt)}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-primary" aria-hidden />
          Health score
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-destructive" aria-hidden />
          Critical issues
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-warning" aria-hidden />
          Warnings
        </span>
      </figcaption>
      {/* A table is never narrower than its content: a 1 px box of its own clips it instead. */}
      <div className="sr-only">
        <table>
          <caption>Every completed scan</caption>
          <thead>
            <tr>
              <th scope="col">Completed</th>
              <th scope="col">Score</th>
              <th scope="col">Grade</th>
              <th scope="col">Critical issues</th>
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => {
              const { score, grade } = scanHealth(point);
              return (
                <tr key={point.scanId}>
                  <th scope="row">{formatDateTime(point.completedAt)}</th>
                  <td>{score}</td>
                  <td>{grade}</td>
                  <td>{point.criticalIssuesCount}</td>
                  <td>{point.warningIssuesCount}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
