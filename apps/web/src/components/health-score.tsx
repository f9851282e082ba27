import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { gradeTone, HEALTH_TONE_TEXT, scoreTone } from "@/lib/health-score";

/** A health score in its spec §9 colour. */
export function ScoreValue({ score, className }: { score: number; className?: string }) {
  return (
    <span
      className={cn("font-semibold tabular-nums", HEALTH_TONE_TEXT[scoreTone(score)], className)}
    >
      {score}
    </span>
  );
}

/** A health grade in its spec §9 colour. */
export function GradeBadge({ grade, className }: { grade: string; className?: string }) {
  return (
    <Badge variant={gradeTone(grade)} className={className} aria-label={`Grade ${grade}`}>
      {grade}
    </Badge>
  );
}
