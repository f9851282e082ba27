import { zodResolver } from "@hookform/resolvers/zod";
import {
  type EnableTwoFactorResponse,
  type MeResponse,
  TwoFactorPasswordRequestSchema,
  VerifyTotpRequestSchema,
} from "@utmost/contracts";
import { Copy, Download } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { copyToClipboard } from "@/lib/clipboard";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from "../api/two-factor";

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "scan"; setup: EnableTwoFactorResponse }
  | { kind: "backup-codes"; backupCodes: string[] };

/** Settings → Profile: turn sign-in codes from an authenticator app on or off. */
export function TwoFactorSettings({ me }: { me: MeResponse }) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const reset = () => setStep({ kind: "idle" });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Two-factor authentication</CardTitle>
          {me.twoFactorEnabled ? (
            <Badge variant="success">On</Badge>
          ) : (
            <Badge variant="outline">Off</Badge>
          )}
        </div>
        <CardDescription>
          Ask for a code from an authenticator app (such as Google Authenticator, 1Password or
          Authy) each time you sign in with your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="max-w-md">
        {step.kind === "idle" ? (
          me.twoFactorEnabled ? (
            <Button
              variant="outline"
              onClick={() => setStep({ kind: "password", action: "disable" })}
            >
              Disable
            </Button>
          ) : (
            <Button onClick={() => setStep({ kind: "password", action: "enable" })}>Enable</Button>
          )
        ) : null}
        {step.kind === "password" && step.action === "enable" ? (
          <EnableStep onCancel={reset} onEnabled={(setup) => setStep({ kind: "scan", setup })} />
        ) : null}
        {step.kind === "password" && step.action === "disable" ? (
          <DisableStep onCancel={reset} onDisabled={reset} />
        ) : null}
        {step.kind === "scan" ? (
          <ScanStep
            totpURI={step.setup.totpURI}
            onCancel={reset}
            onConfirmed={() =>
              setStep({ kind: "backup-codes", backupCodes: step.setup.backupCodes })
            }
          />
        ) : null}
        {step.kind === "backup-codes" ? (
          <BackupCodesStep backupCodes={step.backupCodes} onDone={reset} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Asks for the password again; a refusal from the server shows under the field. */
function PasswordForm({
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  serverError: Error | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(TwoFactorPasswordRequestSchema),
    defaultValues: { password: "" },
  });
  const error =
    form.formState.errors.password?.message ?? (serverError && errorMessage(serverError));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
    >
      <FormField
        id="two-factor-password"
        label="Password"
        hint="Enter your password to confirm it's you"
        error={error || undefined}
      >
        <Input
          id="two-factor-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          {...form.register("password")}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EnableStep({
  onCancel,
  onEnabled,
}: {
  onCancel: () => void;
  onEnabled: (setup: EnableTwoFactorResponse) => void;
}) {
  const enable = useEnableTwoFactor();
  return (
    <PasswordForm
      submitLabel="Continue"
      pending={enable.isPending}
      serverError={enable.error}
      onCancel={onCancel}
      onSubmit={(password) => enable.mutate({ password }, { onSuccess: onEnabled })}
    />
  );
}

function DisableStep({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  return (
    <PasswordForm
      submitLabel="Disable two-factor"
      pending={disable.isPending}
      serverError={disable.error}
      onCancel={onCancel}
      onSubmit={(password) =>
        disable.mutate(
          { password },
          {
            onSuccess: () => {
              toast.success("Two-factor authentication turned off");
              onDisabled();
            },
          },
        )
      }
    />
  );
}

/** The base32 key inside the otpauth:// URI, in groups of four for typing into an app. */
function setupKey(totpURI: string): string {
  const secret = new URLSearchParams(totpURI.split("?")[1] ?? "").get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

function ScanStep({
  totpURI,
  onCancel,
  onConfirmed,
}: {
  totpURI: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(VerifyTotpRequestSchema),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const confirm = useConfirmTwoFactor({
    onError: (error) => form.setError("code", { message: errorMessage(error) }),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">Scan this QR code with your authenticator app.</p>
      <div className="w-fit rounded-md border bg-white p-3">
        <QRCodeSVG
          value={totpURI}
          size={176}
          role="img"
          aria-label="QR code for your authenticator app"
        />
      </div>
      <FormField
        id="two-factor-setup-key"
        label="Setup key"
        hint="Can't scan the code? Enter this key in the app instead."
      >
        <Input id="two-factor-setup-key" className="font-mono" value={setupKey(totpURI)} readOnly />
      </FormField>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit(({ code }) =>
          confirm.mutate({ code }, { onSuccess: onConfirmed }),
        )}
      >
        <FormField
          id="two-factor-code"
          label="6-digit code"
          hint="The code your authenticator app shows for Utmost"
          error={errors.code?.message}
        >
          <Input
            id="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="123456"
            aria-invalid={errors.code ? true : undefined}
            {...form.register("code")}
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? <Spinner /> : null}
            Verify and turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodesStep({ backupCodes, onDone }: { backupCodes: string[]; onDone: () => void }) {
  const text = `${backupCodes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "utmost-backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    // Revoking at once can cancel the download in some browsers; the next tick is enough.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Two-factor authentication is on. Save these backup codes somewhere safe: each one signs you
        in once if you lose your authenticator app. They will not be shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted px-4 py-3 font-mono text-sm"
      >
        {backupCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => copyToClipboard(text, "backup codes")}>
          <Copy aria-hidden />
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
