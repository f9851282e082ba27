import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundScreen } from "@/components/errors/not-found-screen";
import { PageTitleProvider } from "@/components/layout/page-title";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { DocumentTitle } from "../document-title";

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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <ErrorScreen />;
}
