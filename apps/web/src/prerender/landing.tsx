/**
 * The landing page as HTML, rendered at build time (issue 24): `scripts/prerender.ts` writes it
 * into dist/landing.html, which the server sends for `/`, so a visitor (or a crawler, or a
 * browser without JavaScript) reads the page's text before any script runs. The app then
 * renders over it: the page a signed-out visitor sees, the same markup.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { LandingRoute } from "@/app/routes/landing";

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
