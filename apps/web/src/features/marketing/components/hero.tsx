import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="border-b bg-linear-to-b from-primary/5 to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center md:py-28">
        <span className="rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          UTM tracking audits for Google Analytics 4
        </span>
        <h1 className="text-4xl font-bold tracking-tight text-balance md:text-6xl">
          Find the UTM mistakes hiding in your GA4 data
        </h1>
        <p className="max-w-2xl text-lg text-balance text-muted-foreground">
          Utmost scans your Google Analytics 4 properties for internal links carrying UTMs, missing
          source parameters, typos and inconsistent campaign names, then gives you a health score
          from 0 to 100, a grade, and a guide to fix every issue.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signedIn ? "/dashboard" : "/auth?mode=signup"}>
              {signedIn ? "Go to Dashboard" : "Start Free"}
              <ArrowRight />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="#pricing">See Pricing</a>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Connecting a property takes about 60 seconds through one-click OAuth.
        </p>
      </div>
    </section>
  );
}
