import type { ResolutionGuide as ResolutionGuideData } from "@utmost/contracts";
import { CheckCircle2, ExternalLink, XCircle } from "lucide-react";

/** Spec §3 resolution_guide: why it matters, how to fix, a wrong and a correct example. */
export function ResolutionGuide({ guide }: { guide: ResolutionGuideData }) {
  return (
    <div className="flex flex-col gap-4 rounded-lg bg-muted/50 p-4 text-sm">
      <section className="flex flex-col gap-1">
        <h5 className="font-semibold">Why it matters</h5>
        <p className="text-muted-foreground">{guide.whyItMatters}</p>
      </section>
      <section className="flex flex-col gap-1">
        <h5 className="font-semibold">How to fix</h5>
        <p className="whitespace-pre-line text-muted-foreground">{guide.howToFix}</p>
      </section>
      <div className="grid gap-3 md:grid-cols-2">
        <section className="flex flex-col gap-1">
          <h5 className="flex items-center gap-1.5 font-semibold text-destructive">
            <XCircle className="size-4" aria-hidden />
            Wrong
          </h5>
          <code className="rounded-md border border-destructive/30 bg-card px-3 py-2 font-mono text-xs break-all">
            {guide.exampleWrong}
          </code>
        </section>
        <section className="flex flex-col gap-1">
          <h5 className="flex items-center gap-1.5 font-semibold text-success">
            <CheckCircle2 className="size-4" aria-hidden />
            Correct
          </h5>
          <code className="rounded-md border border-success/30 bg-card px-3 py-2 font-mono text-xs break-all">
            {guide.exampleCorrect}
          </code>
        </section>
      </div>
      {guide.ga4DocumentationUrl ? (
        <a
          href={guide.ga4DocumentationUrl}
          target="_blank"
          rel="noreferrer"
          className="flex w-fit items-center gap-1 text-primary hover:underline"
        >
          GA4 documentation
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
