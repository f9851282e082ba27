/**
 * The landing page's own script (issue 24). `/` is the page rendered at build
 * (scripts/prerender.ts writes dist/landing.html, which the server answers `/` with); this script,
 * not the app, makes its few moving parts work: the skip link, the public header's phone menu, the
 * testimonials carousel, and for a visitor with a session cookie the signed-in page (the way to
 * the dashboard, checkout from the plans). No React, router, schemas or API client: every link
 * out of the page is a real link that loads the app.
 */
import { startCarousel } from "./carousel";
import { startHeaderMenu } from "./header-menu";
import { probeSession, refreshWhenRestored, SessionState } from "./session";
import { showSignedIn } from "./signed-in";
import { startSkipLink } from "./skip-link";

const session = new SessionState();
startSkipLink();
const header = document.querySelector("header");
if (header) startHeaderMenu(header, session);
for (const carousel of document.querySelectorAll<HTMLElement>('[data-carousel="root"]')) {
  startCarousel(carousel);
}
refreshWhenRestored(session);
void probeSession().then((viewer) => {
  if (!viewer) return;
  showSignedIn(viewer);
  session.signIn(viewer);
});
