import type { IssueSeverity, TrendChanges, TrendIssue } from "@utmost/contracts";
import { ArrowDownRight, ArrowRight, ArrowUpRight, GitCompareArrows } from "lucide-react";
import { useId } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";

const SEVERITY: Record<IssueSeverity, { label: string; variant: BadgeProps["variant"] }> = {
  critical: { label: "Critical", variant: "destructive" },
  warning: { label: "Warning", variant: "warning" },
  info: { label: "Info", variant: "secondary" },
};

function ScoreChange({ change }: { change: number | null }) {
  if (change === null) {
    return <p className="text-sm text-muted-foreground">No score to compare.</p>;
  }
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : ArrowRight;
  const tone =
    change > 0 ? "text-success" : change < 0 ? "text-destructive" : "text-muted-foreground";
  const words =
    change === 0
      ? "Score unchanged"
      : `Score ${change > 0 ? "up" : "down"} ${Math.abs(change)} ${Math.abs(change) === 1 ? "point" : "points"}`;
  return (
    <p className={cn("flex items-center gap-2 text-lg font-semibold", tone)}>
      <Icon className="size-5" aria-hidden />
      <span>{words}</span>
    </p>
  );
}

function IssueList({
  title,
  description,
  count,
  issues,
}: {
  title: string;
  description: string;
  count: number;
  issues: readonly TrendIssue[];
}) {
  const headingId = useId();
  const more = count - issues.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        {title}
        <Badge variant="outline" aria-label={`${count} issues`}>
          {count}
        </Badge>
      </h4>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{description}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {issues.map((issue) => (
            <li key={issue.issueId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <Badge variant={SEVERITY[issue.severity].variant}>
                {SEVERITY[issue.severity].label}
              </Badge>
              <span className="font-medium">{issue.title}</span>
              <span className="text-xs text-muted-foreground">
                {formatNumber(issue.affectedSessionsCount)} sessions
              </span>
            </li>
          ))}
          {more > 0 ? <li className="text-xs text-muted-foreground">and {more} more</li> : null}
        </ul>
      )}
    </section>
  );
}

/** What the latest completed scan changed against the one before it (ADR 012). */
export function ChangesCard({ changes }: { changes: TrendChanges }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <GitCompareArrows className="size-5 text-primary" aria-hidden />
          <CardTitle>Since the previous scan</CardTitle>
        </div>
        <CardDescription>The latest completed scan against the one before it</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ScoreChange change={changes.scoreChange} />
        <IssueList
          title="New issues"
          description="No new issues."
          count={changes.newCount}
          issues={changes.new}
        />
        <IssueList
          title="Fixed"
          description="Nothing fixed since the previous scan."
          count={changes.fixedCount}
          issues={changes.fixed}
        />
        <IssueList
          title="Re-opened"
          description="No resolved issue was found again."
          count={changes.reopenedCount}
          issues={changes.reopened}
        />
      </CardContent>
    </Card>
  );
}
