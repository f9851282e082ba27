import { Outlet } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { useLoadedPageTitle } from "@/components/layout/page-title";
import { VerifyEmailNotice } from "@/features/auth/components/verify-email-notice";
import { useMe } from "@/lib/auth";
import { useRouteHandle } from "../document-title";

/** The shared layout of the signed-in pages; the header shows what the page loaded, if anything. */
export function AppRoot() {
  const handle = useRouteHandle();
  const title = useLoadedPageTitle() ?? handle?.title ?? "Utmost";
  const me = useMe();

  return (
    <AppLayout title={title} subtitle={handle?.subtitle}>
      {me.data && !me.data.emailVerified ? (
        <div className="mb-4 md:mb-6">
          <VerifyEmailNotice email={me.data.user.email} />
        </div>
      ) : null}
      <Outlet />
    </AppLayout>
  );
}
