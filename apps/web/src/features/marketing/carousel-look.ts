/*
 * What the testimonials carousel shows and when, shared by its React component
 * (components/testimonials-carousel.tsx) and the landing page's own script
 * (src/landing/carousel.ts), which gives the same behaviour to the HTML rendered at build. No
 * React here: the landing page's script must not bring it.
 */

/** Spec §9: the landing carousel's delay. */
export const CAROUSEL_DELAY_MS = 5_000;

/** The slide on show fades in; the others keep their place in the grid but are not seen. */
export const SLIDE_CURRENT_CLASS = "motion-safe:animate-fade-in";
export const SLIDE_HIDDEN_CLASS = "invisible";

/** A dot's inner mark: filled for the slide on show, tinted on hover for the others. */
export const DOT_CURRENT_CLASS = "bg-primary";
export const DOT_OTHER_CLASS = "group-hover:bg-primary/40";
