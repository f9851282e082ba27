import { zodResolver } from "@hookform/resolvers/zod";
import { ForgotPasswordRequestSchema } from "@utmost/contracts";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { SubmitButton } from "./submit-button";

export function ForgotPasswordForm({ outboxEnabled }: { outboxEnabled: boolean }) {
  const form = useForm({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const request = useRequestPasswordReset({
    onError: (error) => toast.error("Password reset failed", { description: errorMessage(error) }),
  });

  if (request.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <MailCheck className="size-10 text-success" aria-hidden />
        <p className="font-medium">Check your email for a reset link</p>
        <p className="text-sm text-muted-foreground">
          If an account exists for {request.variables.email}, it will receive a link to choose a new
          password.
        </p>
        {outboxEnabled ? (
          <Link to="/outbox" className="text-sm text-primary underline-offset-4 hover:underline">
            Open the local outbox
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
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
      <SubmitButton pending={request.isPending} pendingLabel="Sending">
        Send Reset Link
      </SubmitButton>
    </form>
  );
}
