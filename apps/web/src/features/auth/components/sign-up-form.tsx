import { zodResolver } from "@hookform/resolvers/zod";
import { SignUpRequestSchema } from "@utmost/contracts";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useSignUp } from "../api/sign-up";
import { SubmitButton } from "./submit-button";
import { VerifyEmailNotice } from "./verify-email-notice";

export function SignUpForm({
  redirect = null,
  invitedEmail = null,
}: {
  redirect?: string | null;
  /** Signing up to accept an invitation: the account must use the invited address (spec §5). */
  invitedEmail?: string | null;
}) {
  const form = useForm({
    resolver: zodResolver(SignUpRequestSchema),
    defaultValues: { fullName: "", email: invitedEmail ?? "", password: "" },
  });
  // The invitation may be read after the form first rendered.
  useEffect(() => {
    if (invitedEmail) form.setValue("email", invitedEmail, { shouldValidate: false });
  }, [invitedEmail, form]);
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUp({
    redirect,
    onSuccess: (email) => {
      // Spec §8: sign-in does not wait for the address to be verified, so it is open at once.
      toast.success("Account created!", { description: "You can now sign in to your account." });
      setSentTo(email);
    },
    onError: (error) => toast.error("Sign up failed", { description: errorMessage(error) }),
  });

  if (sentTo) return <VerifyEmailNotice email={sentTo} />;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
    >
      <FormField id="fullName" label="Full name" error={errors.fullName?.message}>
        <Input
          id="fullName"
          autoComplete="name"
          placeholder="Jane Doe"
          aria-invalid={errors.fullName ? true : undefined}
          {...form.register("fullName")}
        />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          readOnly={invitedEmail !== null}
          aria-describedby={invitedEmail !== null ? "email-invited" : undefined}
          className={invitedEmail !== null ? "bg-muted" : undefined}
          aria-invalid={errors.email ? true : undefined}
          {...form.register("email")}
        />
        {invitedEmail !== null ? (
          <p id="email-invited" className="text-xs text-muted-foreground">
            The invitation is for this address.
          </p>
        ) : null}
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register("password")}
        />
      </FormField>
      <SubmitButton pending={signUp.isPending} pendingLabel="Creating account">
        Create Account
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">
        By creating an account, you agree to our{" "}
        <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
