import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { AccountRecoveryScreen } from "@/features/settings/components/account-recovery-screen";
import { useMe } from "@/lib/auth";
import { decideGuard, type SessionState } from "./guard";

/** Layout route around every page that needs a signed-in user. */
export function RequireAuth() {
  const location = useLocation();
  const me = useMe();
  if (me.isError) throw me.error;

  const session: SessionState = me.isPending
    ? { status: "loading" }
    : me.data
      ? {
          status: "signed-in",
          onboardingCompleted: me.data.onboardingCompleted,
          isAdmin: me.data.isAdmin,
        }
      : { status: "signed-out" };

  // An account scheduled for deletion reaches nothing but the offer to recover it.
  if (me.data?.deletionScheduledFor) {
    return <AccountRecoveryScreen deletionScheduledFor={me.data.deletionScheduledFor} />;
  }

  const decision = decideGuard(location, session);
  if (decision.kind === "loading") {
    return (
      <div className="flex min-h-svh">
        <LoadingScreen />
      </div>
    );
  }
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
