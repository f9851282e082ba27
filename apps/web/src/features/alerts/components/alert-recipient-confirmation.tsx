import { BellRing, CheckCircle2, MailX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useConfirmAlertRecipient } from "../api/confirm-alert-recipient";

/**
 * The page of the link mailed to a new alert recipient outside the workspace. Confirming is a
 * button, not the link itself: mail scanners open links, and must not opt anyone in.
 */
export function AlertRecipientConfirmation({ token }: { token: string | null }) {
  const confirm = useConfirmAlertRecipient();
  let icon = BellRing;
  let title = "Receive Utmost alerts?";
  let description =
    "A workspace on Utmost wants to send alerts to your address: health scores and UTM tagging issues of its Google Analytics properties. Nothing is sent unless you confirm.";
  if (!token) {
    icon = MailX;
    title = "This confirmation link is incomplete";
    description = "Open the link from the email again, in full.";
  } else if (confirm.isSuccess) {
    icon = CheckCircle2;
    title = "Alerts confirmed";
    description = `${confirm.data.email} now receives the alerts of the workspace "${confirm.data.workspaceName}". Unsubscribe by asking the workspace to remove the address from its alert rules.`;
  } else if (confirm.isError) {
    icon = MailX;
    title = "We could not confirm";
    description = errorMessage(confirm.error);
  }
  const Icon = icon;
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden />
          </div>
          <CardTitle className="pt-2 text-xl">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {token && !confirm.isSuccess && !confirm.isError ? (
            <Button disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending ? <Spinner /> : null}
              Confirm: send me these alerts
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/">Return to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
