import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useTrends } from "../api/get-trends";
import { ChangesCard } from "./changes-card";
import { ScoreOverTimeCard } from "./score-over-time-card";

/** The health report's history: score over time and, from the second scan, what changed. */
export function TrendCards({ dataSourceId }: { dataSourceId: string }) {
  const trends = useTrends(dataSourceId);
  if (trends.isPending) return <Skeleton className="h-72 w-full" />;
  if (trends.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the score history: {errorMessage(trends.error)}
      </p>
    );
  }
  const { points, changes } = trends.data;
  return (
    <div className="grid gap-6 xl:grid-cols-5">
      <div className={changes ? "xl:col-span-3" : "xl:col-span-5"}>
        <ScoreOverTimeCard points={points} />
      </div>
      {changes ? (
        <div className="xl:col-span-2">
          <ChangesCard changes={changes} />
        </div>
      ) : null}
    </div>
  );
}
