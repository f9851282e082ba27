import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { LoadingScreen } from "@/components/ui/spinner";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { GoogleButton } from "@/features/auth/components/google-button";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { TwoFactorForm } from "@/features/auth/components/two-factor-form";
import { type AuthMode, parseAuthMode } from "@/features/auth/utils/auth-mode";
import { googleSignInErrorMessage } from "@/features/auth/utils/google-sign-in-error";
import { postAuthPath } from "@/features/auth/utils/post-auth-path";
import { useInvitation } from "@/features/invitations/api/get-invitation";
import { invitationToken } from "@/features/invitations/utils/invitation-state";
import { useVisitorMe } from "@/lib/auth";
import { usePublicConfig } from "@/lib/config";
import { safeRedirectPath } from "@/lib/redirect";

const COPY: Record<AuthMode, { title: string; description: string }> = {
  signup: {
    title: "Create your account",
    description: "Start auditing your GA4 UTM tracking in minutes",
  },
  signin: { title: "Welcome back", description: "Sign in to your Utmost account" },
  forgot: {
    title: "Reset your password",
    description: "Enter your email and we'll send you a link to choose a new password",
  },
};

/** `/auth` (spec §2): sign up, sign in, or ask for a password reset link. */
export function AuthRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseAuthMode(searchParams.get("mode"));
  // Asked only when the page came with a session cookie: a visitor gets the form at once.
  const me = useVisitorMe();
  const config = usePublicConfig();
  const googleError = searchParams.get("error");
  // Signing up from an invitation (spec §2 /invite/accept): the form takes the invited address.
  const invitation = useInvitation(
    mode === "signup" ? invitationToken(searchParams.get("redirect")) : null,
  );
  // The password was right and the account asks for a second factor before the session starts.
  const [twoFactorDue, setTwoFactorDue] = useState(false);

  // A verification link lands here with `?verified=1` (and `&error=` when it did not work); it
  // signed the user in, so the page moves on at once: the toast carries the news.
  const verifiedLanding = searchParams.get("verified") === "1";
  useEffect(() => {
    if (!verifiedLanding) return;
    if (googleError) {
      toast.error("The verification link did not work", {
        id: "email-verification",
        description:
          googleError === "TOKEN_EXPIRED"
            ? "It has expired. Sign in and send a new one."
            : "It is not valid. Sign in and send a new one.",
      });
    } else {
      toast.success("Email address verified", { id: "email-verification" });
    }
  }, [verifiedLanding, googleError]);

  // Google sign-in comes back here with `?error=` when it was refused or failed: say so once.
  useEffect(() => {
    if (!googleError || verifiedLanding) return;
    toast.error("Google sign in failed", { description: googleSignInErrorMessage(googleError) });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [googleError, verifiedLanding, setSearchParams]);

  if (me.isLoading) return <LoadingScreen />;
  if (me.data) {
    return (
      <Navigate
        to={postAuthPath(searchParams.get("redirect"), me.data.onboardingCompleted)}
        replace
      />
    );
  }

  const switchTo = (next: AuthMode) => {
    const params = new URLSearchParams(searchParams);
    params.set("mode", next);
    setSearchParams(params);
  };

  if (twoFactorDue && mode === "signin") {
    return (
      <AuthCard
        title="Two-factor authentication"
        description="Your account asks for a second step to sign in"
        footer={
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() => setTwoFactorDue(false)}
          >
            Back to sign in
          </Button>
        }
      >
        <TwoFactorForm onRestart={() => setTwoFactorDue(false)} />
      </AuthCard>
    );
  }

  const toggle = (label: string, next: AuthMode, action: string) => (
    <>
      {label}{" "}
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => switchTo(next)}>
        {action}
      </Button>
    </>
  );

  return (
    <AuthCard
      title={COPY[mode].title}
      description={COPY[mode].description}
      footer={
        mode === "signup"
          ? toggle("Already have an account?", "signin", "Sign in")
          : mode === "signin"
            ? toggle("Don't have an account?", "signup", "Sign up")
            : toggle("Remembered your password?", "signin", "Back to sign in")
      }
    >
      {config.data?.googleSignIn && mode !== "forgot" ? (
        <>
          <GoogleButton
            mode={mode}
            redirect={safeRedirectPath(searchParams.get("redirect")) ?? undefined}
          />
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <Separator className="flex-1" />
            or
            <Separator className="flex-1" />
          </div>
        </>
      ) : null}
      {mode === "signup" ? (
        <SignUpForm
          redirect={safeRedirectPath(searchParams.get("redirect"))}
          invitedEmail={invitation.data?.invitedEmail ?? null}
        />
      ) : null}
      {mode === "signin" ? (
        <SignInForm
          onForgotPassword={() => switchTo("forgot")}
          onTwoFactorRequired={() => setTwoFactorDue(true)}
        />
      ) : null}
      {mode === "forgot" ? (
        <ForgotPasswordForm outboxEnabled={config.data?.outboxEnabled ?? false} />
      ) : null}
    </AuthCard>
  );
}
