import { GitCompareArrows } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
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
 * (issue 22); before a second scan, it says so.
 */
export function ChangesSinceCard({ dataSourceId }: { dataSourceId: string }) {
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
      <CardContent>
        <p className="text-sm text-muted-foreground">
          This is the property's first completed audit: new, fixed and re-opened issues appear after
          the next one.
        </p>
      </CardContent>
    </Card>
  );
}

/** The score over time, below the issues. */
export function ScoreTrendCard({ dataSourceId }: { dataSourceId: string }) {
  const trends = useTrends(dataSourceId);
  if (trends.isPending) return <Skeleton className="h-72 w-full" />;
  if (trends.isError) return <TrendsError error={trends.error} />;
  return <ScoreOverTimeCard points={trends.data.points} />;
}
