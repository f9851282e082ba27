import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ReportPreview } from "./report-preview";
import { SECTION_PADDING } from "./section";

/** The hero's call to action: sign up, or go to the dashboard once signed in. */
export function HeroAction({ signedIn }: { signedIn: boolean }) {
  return (
    // data-landing: the landing page's own script swaps it for a signed-in visitor (src/landing/).
    <Button asChild size="lg" data-landing="hero-action">
      <Link to={signedIn ? "/dashboard" : "/auth?mode=signup"}>
        {signedIn ? "Go to Dashboard" : "Start Free"}
        <ArrowRight />
      </Link>
    </Button>
  );
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className={`bg-linear-to-b from-primary/5 to-background ${SECTION_PADDING}`}>
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4">
        <div className="flex max-w-3xl flex-col items-center gap-6 text-center">
          <span className="rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            UTM tracking audits for Google Analytics 4
          </span>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Find the UTM mistakes hiding in your GA4 data
          </h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
            Utmost scans your Google Analytics 4 properties for internal links carrying UTMs,
            missing source parameters, typos and inconsistent campaign names, then gives you a
            health score from 0 to 100, a grade, and a guide to fix every issue.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <HeroAction signedIn={signedIn} />
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">See Pricing</a>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Connecting a property takes about 60 seconds through one-click OAuth.
          </p>
        </div>
        <ReportPreview className="mt-12 max-w-5xl md:mt-16" />
      </div>
    </section>
  );
}
