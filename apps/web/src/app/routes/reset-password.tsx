import { AlertCircle } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useResetPassword } from "@/features/auth/api/reset-password";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { errorMessage, isApiError } from "@/lib/api-client";

function InvalidResetLink() {
  return (
    <AuthCard
      title="Reset link invalid"
      description="This password reset link is invalid or has expired."
    >
      <div className="flex flex-col items-center gap-4 text-center" role="alert">
        <AlertCircle className="size-10 text-destructive" aria-hidden />
        <p className="text-sm text-muted-foreground">
          Reset links can be used once and expire after a while. Ask for a new one to continue.
        </p>
        <Button asChild className="w-full">
          <Link to="/auth?mode=forgot">Request a new reset link</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** `/auth/reset-password?token=…`: where the password reset mail lands. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get("token");
  const [tokenRejected, setTokenRejected] = useState(false);
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success("Password updated", {
        description: "You can now sign in with your new password.",
      });
      navigate("/auth?mode=signin", { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "INVALID_TOKEN") {
        setTokenRejected(true);
        return;
      }
      toast.error("Password reset failed", { description: errorMessage(error) });
    },
  });

  if (!token || searchParams.get("error") || tokenRejected) return <InvalidResetLink />;

  return (
    <AuthCard title="Choose a new password" description="Enter a new password for your account.">
      <ResetPasswordForm
        pending={reset.isPending}
        onSubmit={(newPassword) => reset.mutate({ token, newPassword })}
      />
    </AuthCard>
  );
}
