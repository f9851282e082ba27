import { useEffect } from "react";
import { useMatches } from "react-router";
import { useLoadedPageTitle } from "@/components/layout/page-title";
import { isRouteHandle, type RouteHandle } from "./route-handle";

const SITE_NAME = "Utmost";
/** The landing page's title (index.html carries it too, for the first paint and link previews). */
export const SITE_TITLE = "Utmost - UTM tracking audits for Google Analytics 4";

/** The deepest matched route's handle: every route but the landing page names its page. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle)) return match.handle;
  }
  return null;
}

/** "Health Report - Contoso Store | Utmost": the route's title, what the page loaded, the site. */
export function documentTitle(routeTitle: string | null, loaded: string | null): string {
  if (!routeTitle) return SITE_TITLE;
  return `${loaded ? `${routeTitle} - ${loaded}` : routeTitle} | ${SITE_NAME}`;
}

/** Keeps the browser tab's title in step with the route; mounted once, at the router's root. */
export function DocumentTitle() {
  const handle = useRouteHandle();
  const loaded = useLoadedPageTitle();
  const title = documentTitle(handle?.title ?? null, loaded);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
