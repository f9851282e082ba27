import type { TrendPoint } from "@utmost/contracts";
import { LineChart } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScoreChart } from "./score-chart";

/**
 * The score of every completed scan the plan's history keeps; a line needs two of them. `note`
 * says where that history ends when it hides older scans.
 */
export function ScoreOverTimeCard({
  points,
  note,
}: {
  points: readonly TrendPoint[];
  note?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <LineChart className="size-5 text-primary" aria-hidden />
          <CardTitle>Score over time</CardTitle>
        </div>
        <CardDescription>
          {points.length >= 2
            ? `Health score and issues of the last ${points.length} completed scans`
            : "Health score and issues of every completed scan"}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {points.length >= 2 ? (
          <ScoreChart points={points} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {points.length === 1
              ? "This property has one completed scan so far. The chart appears after the second scan."
              : "No completed scan yet. The chart appears after the second scan."}
          </p>
        )}
        {note}
      </CardContent>
    </Card>
  );
}
