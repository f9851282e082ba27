import { BarChart3, CheckCircle2, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

const POINTS = [
  "Connect a Google Analytics 4 property in about 60 seconds with one-click OAuth.",
  "Utmost scans its sessions for UTM tagging mistakes such as internal links with UTMs, missing sources and inconsistent campaign names.",
  "You get a health score from 0 to 100, a grade, and a resolution guide for every issue.",
];

export function WelcomeStep({
  onNext,
  onSkip,
  skipping,
}: {
  onNext: () => void;
  onSkip: () => void;
  skipping: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles className="size-7" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">Welcome to Utmost</h2>
        <p className="mt-2 text-muted-foreground">
          Let's connect your Google Analytics 4 property and check your UTM tracking.
        </p>
      </div>
      <ul className="flex flex-col gap-3 text-left text-sm">
        {POINTS.map((point) => (
          <li key={point} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {point}
          </li>
        ))}
      </ul>
      <div className="flex w-full flex-col gap-2">
        <Button asChild size="lg">
          <Link to="/connect-data-source">
            <BarChart3 />
            Connect Google Analytics
          </Link>
        </Button>
        <div className="flex justify-between">
          <Button variant="ghost" onClick={onSkip} disabled={skipping}>
            Skip
          </Button>
          <Button variant="outline" onClick={onNext}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
