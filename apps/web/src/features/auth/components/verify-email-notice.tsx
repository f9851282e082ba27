import { MailCheck } from "lucide-react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useSendVerificationEmail } from "../api/send-verification-email";

/**
 * "Check your inbox": shown after sign-up and, until the link is followed, above every signed-in
 * page. Inviting, alerting and API keys wait for the address to be verified (the server says so).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useSendVerificationEmail({
    onSuccess: () => toast.success("Verification email sent", { description: `Sent to ${email}` }),
    onError: (error) =>
      toast.error("Could not send the email", { description: errorMessage(error) }),
  });
  return (
    <Alert variant="warning">
      <MailCheck aria-hidden />
      <AlertTitle>Check your inbox to verify {email}</AlertTitle>
      <AlertDescription>
        <p>
          Open the link we sent to confirm your address. Until then you cannot invite teammates,
          send alerts by email or create API keys.
        </p>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {resend.isPending ? "Sending…" : "Resend email"}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
