import {
  ACCOUNT_DELETION_CONFIRM_WORD,
  ACCOUNT_DELETION_GRACE_DAYS,
  type AccountExportFormat,
  type MeResponse,
  RequestAccountDeletionSchema,
} from "@utmost/contracts";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useSignOut } from "@/lib/auth";
import { useExportAccountData, useRequestAccountDeletion } from "../api/account-rights";

/** Settings → Profile: export everything Utmost holds about you, or delete your account. */
export function YourDataSettings({ me }: { me: MeResponse }) {
  const [deleting, setDeleting] = useState(false);
  const exportData = useExportAccountData({
    onError: (error) => toast.error("Export failed", { description: errorMessage(error) }),
  });
  const exporting = (format: AccountExportFormat) =>
    exportData.isPending && exportData.variables === format;

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
          <CardDescription>
            Download your profile, sign-in sessions, subscription and billing records, memberships,
            invitations and property access, and everything in the workspaces you own: members,
            properties, audits, issues, reports, alert rules, links, branding and API keys.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {(["json", "csv"] as const).map((format) => (
            <Button
              key={format}
              variant="outline"
              disabled={exportData.isPending}
              onClick={() => exportData.mutate(format)}
            >
              {exporting(format) ? <Spinner /> : <Download aria-hidden="true" />}
              Export as {format.toUpperCase()}
            </Button>
          ))}
        </CardContent>
      </Card>
      {/* Set apart as the workspace's deletion is, in the same destructive frame. */}
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle className="text-destructive">Delete account</CardTitle>
          <CardDescription>
            Deleting your account signs you out everywhere. You can recover it by signing in again
            within {ACCOUNT_DELETION_GRACE_DAYS} days; after that it is deleted for good.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Delete account
          </Button>
        </CardContent>
        <DeleteAccountDialog me={me} open={deleting} onClose={() => setDeleting(false)} />
      </Card>
    </>
  );
}

/** The confirmation: what goes and when, then the password (or DELETE without one). */
function DeleteAccountDialog({
  me,
  open,
  onClose,
}: {
  me: MeResponse;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const signOut = useSignOut({
    onSettled: () => {
      navigate("/");
      toast.success("Account scheduled for deletion", {
        description: `Sign in within ${ACCOUNT_DELETION_GRACE_DAYS} days to recover it.`,
      });
    },
  });
  const remove = useRequestAccountDeletion({ onSuccess: () => signOut.mutate() });
  const pending = remove.isPending || signOut.isPending;
  const error = fieldError ?? (remove.error ? errorMessage(remove.error) : null);
  const fieldId = "delete-account-confirmation";

  const submit = () => {
    const parsed = RequestAccountDeletionSchema.safeParse(
      me.hasPassword ? { password: value } : { confirm: value },
    );
    if (!parsed.success) {
      setFieldError(
        me.hasPassword ? "Enter your password" : `Type ${ACCOUNT_DELETION_CONFIRM_WORD} to confirm`,
      );
      return;
    }
    setFieldError(null);
    remove.mutate(parsed.data);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next || pending) return;
        setValue("");
        setFieldError(null);
        remove.reset();
        onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="flex flex-col gap-2">
              <p>
                You will be signed out everywhere. For {ACCOUNT_DELETION_GRACE_DAYS} days you can
                recover your account by signing in again; after that it is deleted for good.
              </p>
              <p>
                Every workspace you own is deleted with it, with its properties, audits, issues and
                alert rules, even when other people are members. You are removed from workspaces you
                were invited to.
              </p>
              <p>
                Billing: cancel any paid plan under Manage subscription (Settings → Billing) first.
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField
            id={fieldId}
            label={me.hasPassword ? "Password" : `Type ${ACCOUNT_DELETION_CONFIRM_WORD}`}
            hint={
              me.hasPassword
                ? "Enter your password to confirm it's you"
                : `You sign in with Google: type ${ACCOUNT_DELETION_CONFIRM_WORD} to confirm`
            }
            error={error ?? undefined}
          >
            <Input
              id={fieldId}
              type={me.hasPassword ? "password" : "text"}
              autoComplete={me.hasPassword ? "current-password" : "off"}
              value={value}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
        </form>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers; a refusal shows under the field.
              event.preventDefault();
              submit();
            }}
          >
            {pending ? <Spinner /> : null}
            Delete account
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
