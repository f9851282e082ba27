import { AlertOctagon, AlertTriangle, CheckCircle2, TrendingUp } from "lucide-react";
import { GradeBadge } from "@/components/health-score";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { HEALTH_TONE_TEXT, scoreTone } from "@/lib/health-score";

/*
 * The hero's product visual (issue 22): a static rendering of a health report, drawn in markup so
 * it is sharp at any size and costs no image. Every number is an example, and says so. Screen
 * readers get one sentence (role="img") instead of the mock-up's pieces.
 */

const EXAMPLE = {
  score: 74,
  grade: "C",
  change: 6,
  critical: 2,
  warnings: 5,
  passed: 34,
  // Scores of the last eight audits, oldest first, ending at `score`.
  trend: [52, 55, 61, 58, 63, 66, 68, 74],
};

type Severity = "critical" | "warning";

const ISSUES: readonly { severity: Severity; title: string; detail: string; sessions: string }[] = [
  {
    severity: "critical",
    title: "Internal links carrying UTMs",
    detail: "utm_source=homepage_banner",
    sessions: "1,284",
  },
  {
    severity: "critical",
    title: "Mediums GA4 files under Unassigned",
    detail: "mail, referal, social_paid",
    sessions: "912",
  },
  {
    severity: "warning",
    title: "Same UTM value in different letter case",
    detail: "Facebook and facebook",
    sessions: "436",
  },
  {
    severity: "warning",
    title: "Misspelled campaign names",
    detail: "newsleter and newsletter",
    sessions: "118",
  },
];

const SEVERITY_BADGE = {
  critical: { label: "Critical", variant: "destructive" },
  warning: { label: "Warning", variant: "warning" },
} as const;

const DESCRIPTION = `Example health report for an example property: score ${EXAMPLE.score} out of 100, grade ${EXAMPLE.grade}, up ${EXAMPLE.change} since the last audit, with ${EXAMPLE.critical} critical issues, ${EXAMPLE.warnings} warnings and ${EXAMPLE.passed} passed checks. The issues listed first are internal links carrying UTMs and mediums GA4 files under Unassigned.`;

/** The score as a ring filled to its value, in its spec §9 colour. */
function ScoreRing({ score }: { score: number }) {
  const tone = HEALTH_TONE_TEXT[scoreTone(score)];
  return (
    <div className="relative size-24 shrink-0">
      {/* r = 100 / 2π, so the circumference is 100 and the dash is the score itself. */}
      <svg viewBox="0 0 36 36" aria-hidden className="size-full -rotate-90">
        <circle cx="18" cy="18" r="15.9155" fill="none" strokeWidth="3" className="stroke-muted" />
        <circle
          cx="18"
          cy="18"
          r="15.9155"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={`${score} 100`}
          className={cn("stroke-current", tone)}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center leading-none">
        <span className={cn("text-3xl font-bold tabular-nums", tone)}>{score}</span>
        <span className="mt-1 text-xs text-muted-foreground">/100</span>
      </span>
    </div>
  );
}

/** The last audits' scores as a line, the latest on the right, scaled to fill the box. */
function Sparkline({ values }: { values: readonly number[] }) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const step = 100 / (values.length - 1);
  // A 100 x 40 box with 4 units of air above and below the line.
  const points = values
    .map((value, index) => `${index * step},${36 - ((value - low) / (high - low)) * 32}`)
    .join(" ");
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden className="mt-1 h-12 w-full">
      <polygon points={`0,40 ${points} 100,40`} className="fill-primary/10" />
      <polyline
        points={points}
        fill="none"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
        className="stroke-primary"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

const TILES = [
  { label: "Critical", value: EXAMPLE.critical, icon: AlertOctagon, tone: "text-destructive" },
  { label: "Warnings", value: EXAMPLE.warnings, icon: AlertTriangle, tone: "text-warning" },
  { label: "Passed", value: EXAMPLE.passed, icon: CheckCircle2, tone: "text-success" },
];

export function ReportPreview({ className }: { className?: string }) {
  const more = EXAMPLE.critical + EXAMPLE.warnings - ISSUES.length;
  return (
    <div role="img" aria-label={DESCRIPTION} className={cn("w-full text-left", className)}>
      <div className="overflow-hidden rounded-2xl border bg-card shadow-xl shadow-primary/10">
        <div className="flex items-center gap-3 border-b bg-muted/60 px-4 py-3">
          <span className="flex shrink-0 gap-1.5">
            <span className="size-2.5 rounded-full bg-destructive/30" />
            <span className="size-2.5 rounded-full bg-warning/30" />
            <span className="size-2.5 rounded-full bg-success/30" />
          </span>
          <span className="min-w-0 truncate text-xs font-medium text-muted-foreground">
            Health Report · Example property
          </span>
          <Badge variant="secondary" className="ml-auto">
            Example data
          </Badge>
        </div>

        <div className="grid md:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-5 border-b p-5 md:border-r md:border-b-0 md:p-6">
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">Example property</p>
              <p className="truncate text-xs text-muted-foreground">
                Google Analytics 4 · www.example.com
              </p>
            </div>
            <div className="flex items-center gap-4">
              <ScoreRing score={EXAMPLE.score} />
              <div className="flex flex-col items-start gap-2">
                <GradeBadge grade={EXAMPLE.grade} className="px-3 text-sm" />
                <span className="flex items-center gap-1 text-xs font-medium text-success">
                  <TrendingUp className="size-3.5" aria-hidden />
                  Up {EXAMPLE.change} since the last audit
                </span>
              </div>
            </div>
            <div className="grid grid-cols-3 gap-2">
              {TILES.map((tile) => (
                <div key={tile.label} className="min-w-0 rounded-lg border p-2">
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <tile.icon className={cn("size-3 shrink-0", tile.tone)} aria-hidden />
                    {tile.label}
                  </span>
                  <span className="block text-xl font-semibold tabular-nums">{tile.value}</span>
                </div>
              ))}
            </div>
            <div>
              <span className="text-xs text-muted-foreground">Score, last 8 audits</span>
              <Sparkline values={EXAMPLE.trend} />
            </div>
          </div>

          <div className="flex min-w-0 flex-col gap-3 p-5 md:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <span className="mr-auto text-sm font-semibold">Issues</span>
              <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
                Active {EXAMPLE.critical + EXAMPLE.warnings}
              </span>
              <span className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">
                Critical {EXAMPLE.critical}
              </span>
              <span className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">
                Warning {EXAMPLE.warnings}
              </span>
            </div>
            <ul className="divide-y rounded-lg border">
              {ISSUES.map((issue) => {
                const badge = SEVERITY_BADGE[issue.severity];
                return (
                  <li key={issue.title} className="flex items-start gap-3 px-3 py-3">
                    <Badge variant={badge.variant} className="mt-0.5 w-16 justify-center">
                      {badge.label}
                    </Badge>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{issue.title}</span>
                      <code className="block truncate font-mono text-xs text-muted-foreground">
                        {issue.detail}
                      </code>
                    </span>
                    <span className="hidden shrink-0 text-right text-xs text-muted-foreground sm:block">
                      <span className="block text-sm font-semibold text-foreground tabular-nums">
                        {issue.sessions}
                      </span>
                      sessions
                    </span>
                  </li>
                );
              })}
            </ul>
            <span className="text-xs text-muted-foreground">
              and {more} more warnings, each with a guide to fix it
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
