/*
 * The markup the landing page shows in its other states (signed in, the phone menu open, the
 * carousel stopped), rendered at build from the app's own components into `<template>`s of
 * dist/landing.html (src/prerender/landing.tsx): the landing page's script clones them rather than
 * building markup of its own, so both stay the components' markup.
 */

export const TEMPLATE_ATTRIBUTE = "data-landing-template";

export const TEMPLATES = {
  headerActionsSignedIn: "header-actions-signed-in",
  menuSignedOut: "menu-signed-out",
  menuSignedIn: "menu-signed-in",
  menuIconOpen: "menu-icon-open",
  menuIconClosed: "menu-icon-closed",
  heroActionSignedIn: "hero-action-signed-in",
  carouselIconPlaying: "carousel-icon-playing",
  carouselIconStopped: "carousel-icon-stopped",
  spinner: "spinner",
} as const;

/** A plan's button for the signed-in visitor whose plan it is: "Current plan". */
export function planCurrentTemplate(tier: string): string {
  return `plan-${tier}-current`;
}

/** A plan's button for a signed-in visitor on another plan: checkout, or Free's dashboard link. */
export function planSignedInTemplate(tier: string): string {
  return `plan-${tier}-signed-in`;
}

/** A copy of a template's one element; a page built without it is an error of the build. */
export function fromTemplate<E extends Element = HTMLElement>(
  name: string,
  doc: Document = document,
): E {
  const template = doc.querySelector<HTMLTemplateElement>(
    `template[${TEMPLATE_ATTRIBUTE}="${name}"]`,
  );
  const element = template?.content.firstElementChild?.cloneNode(true);
  if (!element) {
    throw new Error(
      `The landing page has no "${name}" template: dist/landing.html is written by scripts/prerender.ts`,
    );
  }
  return element as E;
}
