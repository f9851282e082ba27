import { GitCompareArrows } from "lucide-react";
import { HistoryWindowNote } from "@/components/history-window-note";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { HistoryView } from "@/lib/history-window";
import { useTrends } from "../api/get-trends";
import { ChangesCard } from "./changes-card";
import { ScoreOverTimeCard } from "./score-over-time-card";

function TrendsError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      Could not load the score history: {errorMessage(error)}
    </p>
  );
}

/**
 * What changed since the previous scan, at the top of the health report beside the score
 * (issue 22); before a second scan, it says so, and when the previous scan is older than the
 * plan's history (ADR 023), it says that.
 */
export function ChangesSinceCard({
  dataSourceId,
  history,
}: {
  dataSourceId: string;
  history?: HistoryView | undefined;
}) {
  const trends = useTrends(dataSourceId);
  if (trends.isPending) return <Skeleton className="h-72 w-full" />;
  if (trends.isError) return <TrendsError error={trends.error} />;
  if (trends.data.changes) return <ChangesCard changes={trends.data.changes} />;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <GitCompareArrows className="size-5 text-primary" aria-hidden />
          <CardTitle>Since the previous scan</CardTitle>
        </div>
        <CardDescription>The latest completed scan against the one before it</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {history?.window.olderHidden ? (
          <>
            <p className="text-sm text-muted-foreground">
              The scan before this one is older than the plan's history, so there is nothing to
              compare it with here yet: new, fixed and re-opened issues appear after the next audit.
            </p>
            <HistoryWindowNote history={history} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            This is the property's first completed audit: new, fixed and re-opened issues appear
            after the next one.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The score over time, below the issues, within the plan's history (ADR 023). */
export function ScoreTrendCard({
  dataSourceId,
  history,
}: {
  dataSourceId: string;
  history?: HistoryView | undefined;
}) {
  const trends = useTrends(dataSourceId);
  if (trends.isPending) return <Skeleton className="h-72 w-full" />;
  if (trends.isError) return <TrendsError error={trends.error} />;
  return (
    <ScoreOverTimeCard
      points={trends.data.points}
      note={history?.window.olderHidden ? <HistoryWindowNote history={history} /> : null}
    />
  );
}
