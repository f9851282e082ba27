import {
  BellRing,
  Building2,
  Gauge,
  Link2Off,
  type LucideIcon,
  SearchCheck,
  SpellCheck,
} from "lucide-react";
import { MarketingSection } from "./section";

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** Spec §1: the six cards of the landing page's features grid. */
export const FEATURES: readonly Feature[] = [
  {
    icon: Link2Off,
    title: "Internal UTM detection",
    description:
      "Find links between your own pages that carry UTMs and overwrite the visit's real source, splitting one session into two.",
  },
  {
    icon: SearchCheck,
    title: "Missing source parameters",
    description:
      "Spot campaign traffic that arrives without utm_source or utm_medium and lands in (not set) or Unassigned.",
  },
  {
    icon: SpellCheck,
    title: "Typos and case inconsistencies",
    description:
      "Catch 'Facebook' next to 'facebook' and 'newsleter' next to 'newsletter', plus 15+ other tagging mistakes.",
  },
  {
    icon: Gauge,
    title: "Health score and grade",
    description:
      "Every scan gives each property a score from 0 to 100 and a grade from A+ to F, with a guide to fix each issue.",
  },
  {
    icon: BellRing,
    title: "Alerts and scheduled scans",
    description:
      "Daily or weekly scans notify you by email, chat webhook or generic webhook before broken UTMs waste 10-15% of your budget.",
  },
  {
    icon: Building2,
    title: "Built for teams and agencies",
    description:
      "Group client properties in workspaces, invite your team, follow trends and export issues as CSV.",
  },
];

export function FeaturesSection() {
  return (
    <MarketingSection
      id="features"
      title="Features"
      lead="Connect a GA4 property in about 60 seconds; a scan takes 30 to 60 seconds."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, description }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
