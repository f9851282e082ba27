import { useEffect, useState } from "react";
import { Outlet, useMatches } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { PageTitleContext } from "@/components/layout/page-title";
import { VerifyEmailNotice } from "@/features/auth/components/verify-email-notice";
import { useMe } from "@/lib/auth";
import { isRouteHandle, type RouteHandle } from "../route-handle";

function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle)) return match.handle;
  }
  return { title: "Utmost" };
}

/** The shared layout of the signed-in pages. */
export function AppRoot() {
  const handle = useRouteHandle();
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const title = pageTitle ?? handle.title;
  const me = useMe();

  useEffect(() => {
    document.title = `${title} · Utmost`;
    return () => {
      document.title = "Utmost";
    };
  }, [title]);

  return (
    <AppLayout title={title} subtitle={handle.subtitle}>
      {me.data && !me.data.emailVerified ? (
        <div className="mb-4 md:mb-6">
          <VerifyEmailNotice email={me.data.user.email} />
        </div>
      ) : null}
      <PageTitleContext value={setPageTitle}>
        <Outlet />
      </PageTitleContext>
    </AppLayout>
  );
}
