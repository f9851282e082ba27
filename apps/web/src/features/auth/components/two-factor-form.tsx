import { zodResolver } from "@hookform/resolvers/zod";
import { VerifyBackupCodeRequestSchema, VerifyTotpRequestSchema } from "@utmost/contracts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage, isApiError } from "@/lib/api-client";
import { type SecondFactor, useVerifySecondFactor } from "../api/verify-two-factor";
import { SubmitButton } from "./submit-button";

const COPY = {
  totp: {
    instruction: "Enter the 6-digit code from your authenticator app",
    label: "Authentication code",
    placeholder: "123456",
    switchLabel: "Use a backup code instead",
  },
  "backup-code": {
    instruction: "Enter one of the backup codes you saved when you turned on two-factor sign-in",
    label: "Backup code",
    placeholder: "xxxxx-xxxxx",
    switchLabel: "Use your authenticator app instead",
  },
} as const;

/** Failures after which this sign-in attempt is over: the password must be given again. */
const CHALLENGE_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

/** The second step of signing in for a user with two-factor sign-in on. */
export function TwoFactorForm({ onRestart }: { onRestart: () => void }) {
  const [factor, setFactor] = useState<SecondFactor>("totp");
  return (
    <div className="flex flex-col gap-4">
      <CodeForm key={factor} factor={factor} onRestart={onRestart} />
      <Button
        type="button"
        variant="link"
        className="h-auto self-center p-0"
        onClick={() => setFactor(factor === "totp" ? "backup-code" : "totp")}
      >
        {COPY[factor].switchLabel}
      </Button>
    </div>
  );
}

function CodeForm({ factor, onRestart }: { factor: SecondFactor; onRestart: () => void }) {
  const copy = COPY[factor];
  const form = useForm({
    resolver: zodResolver(
      factor === "totp" ? VerifyTotpRequestSchema : VerifyBackupCodeRequestSchema,
    ),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const verify = useVerifySecondFactor({
    onError: (error) => {
      if (isApiError(error) && CHALLENGE_OVER.has(error.code)) {
        toast.error("Please sign in again", { description: errorMessage(error) });
        onRestart();
        return;
      }
      form.setError("code", { message: errorMessage(error) });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ code }) => verify.mutate({ factor, code }))}
    >
      <p className="text-sm text-muted-foreground">{copy.instruction}</p>
      <FormField id="code" label={copy.label} error={errors.code?.message}>
        <Input
          id="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={factor === "totp" ? "numeric" : "text"}
          maxLength={factor === "totp" ? 6 : 64}
          placeholder={copy.placeholder}
          aria-invalid={errors.code ? true : undefined}
          {...form.register("code")}
        />
      </FormField>
      <SubmitButton pending={verify.isPending} pendingLabel="Verifying">
        Verify
      </SubmitButton>
    </form>
  );
}
