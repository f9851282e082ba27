import { useEffect } from "react";
import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundScreen } from "@/components/errors/not-found-screen";
import { PageTitleProvider } from "@/components/layout/page-title";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { DocumentTitle, documentTitle } from "../document-title";

/** The top route: every page, public or not, starts at the top and names itself in the tab. */
export function RootRoute() {
  return (
    <PageTitleProvider>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </PageTitleProvider>
  );
}

/** The router's error element: a 404 response shows the not-found page, anything else fails. */
export function RootErrorRoute() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Outside the root route, so the tab is named here rather than by DocumentTitle.
  useEffect(() => {
    document.title = documentTitle(notFound ? "Page not found" : "Something went wrong", null);
  }, [notFound]);
  if (notFound) return <NotFoundScreen />;
  return <ErrorScreen />;
}
