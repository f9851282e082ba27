import { zodResolver } from "@hookform/resolvers/zod";
import { SignInRequestSchema } from "@utmost/contracts";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useSignIn } from "../api/sign-in";
import { SubmitButton } from "./submit-button";

const SIGN_IN_FAILED_TOAST = "sign-in-failed";

export function SignInForm({
  onForgotPassword,
  onTwoFactorRequired,
}: {
  onForgotPassword: () => void;
  onTwoFactorRequired: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(SignInRequestSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const signIn = useSignIn({
    onError: (error) =>
      toast.error("Sign in failed", { id: SIGN_IN_FAILED_TOAST, description: errorMessage(error) }),
    onTwoFactorRequired: () => {
      // The password was right after all: an earlier failure no longer applies.
      toast.dismiss(SIGN_IN_FAILED_TOAST);
      onTwoFactorRequired();
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
    >
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={errors.email ? true : undefined}
          {...form.register("email")}
        />
      </FormField>
      {/* "Forgot password?" sits below the field, so Tab goes from Email straight to Password. */}
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register("password")}
        />
        {errors.password ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.password.message}
          </p>
        ) : null}
        <Button
          type="button"
          variant="link"
          className="h-auto self-end p-0 text-xs"
          onClick={onForgotPassword}
        >
          Forgot password?
        </Button>
      </div>
      <SubmitButton pending={signIn.isPending} pendingLabel="Signing in">
        Sign In
      </SubmitButton>
    </form>
  );
}
