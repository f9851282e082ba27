/**
 * The landing page as HTML, rendered at build time (issue 24): `scripts/prerender.ts` writes it
 * into dist/landing.html, which the server sends for `/`, so a visitor (or a crawler, or a
 * browser without JavaScript) reads the page's text before any script runs. The page's own small
 * script (src/landing/) then makes its moving parts work, with the markup of its other states
 * rendered here too, from the same components, as `<template>`s.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { PLAN_LIST } from "@utmost/contracts";
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { LandingRoute } from "@/app/routes/landing";
import { SiteHeaderActions, SiteMenu, SiteMenuIcon } from "@/components/layout/site-header";
import { Spinner } from "@/components/ui/spinner";
import { HeroAction } from "@/features/marketing/components/hero";
import {
  PlanButton,
  type PlanCheckout,
  type PricingViewer,
} from "@/features/marketing/components/pricing-section";
import { CarouselPlayIcon } from "@/features/marketing/components/testimonials-carousel";
import {
  planCurrentTemplate,
  planSignedInTemplate,
  TEMPLATE_ATTRIBUTE,
  TEMPLATES,
} from "@/landing/templates";

export function renderLanding(): string {
  // Nothing is fetched at build time: the session probe stays pending, as for a visitor.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/"]}>
        <LandingRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The buttons are only markup here: the landing page's script starts checkout. */
const IDLE_CHECKOUT: PlanCheckout = { start: () => {}, isBusy: false, pendingTier: null };

/** Every `<template>` the landing page's script clones (src/landing/templates.ts). */
export function renderTemplates(): string {
  const templates = new Map<string, ReactNode>();
  templates.set(TEMPLATES.headerActionsSignedIn, <SiteHeaderActions signedIn />);
  templates.set(TEMPLATES.menuSignedOut, <SiteMenu id="" anchorPrefix="" signedIn={false} />);
  templates.set(TEMPLATES.menuSignedIn, <SiteMenu id="" anchorPrefix="" signedIn />);
  templates.set(TEMPLATES.menuIconOpen, <SiteMenuIcon open />);
  templates.set(TEMPLATES.menuIconClosed, <SiteMenuIcon open={false} />);
  templates.set(TEMPLATES.heroActionSignedIn, <HeroAction signedIn />);
  templates.set(TEMPLATES.carouselIconPlaying, <CarouselPlayIcon playing />);
  templates.set(TEMPLATES.carouselIconStopped, <CarouselPlayIcon playing={false} />);
  templates.set(TEMPLATES.spinner, <Spinner />);
  for (const plan of PLAN_LIST) {
    const button = (viewer: PricingViewer) => (
      <PlanButton plan={plan} viewer={viewer} checkout={IDLE_CHECKOUT} />
    );
    templates.set(planCurrentTemplate(plan.tier), button({ signedIn: true, tier: plan.tier }));
    templates.set(planSignedInTemplate(plan.tier), button({ signedIn: true, tier: null }));
  }
  return [...templates]
    .map(([name, element]) => {
      const html = renderToStaticMarkup(
        <MemoryRouter initialEntries={["/"]}>{element}</MemoryRouter>,
      );
      return `<template ${TEMPLATE_ATTRIBUTE}="${name}">${html}</template>`;
    })
    .join("");
}
