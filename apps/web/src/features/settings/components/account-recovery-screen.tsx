import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useSignOut } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useCancelAccountDeletion } from "../api/account-rights";

/**
 * What a signed-in account scheduled for deletion sees in place of the app: recover it, or sign
 * out and let the deletion go ahead (spec §9 legal facts: removed within 30 days).
 */
export function AccountRecoveryScreen({ deletionScheduledFor }: { deletionScheduledFor: string }) {
  const navigate = useNavigate();
  const recover = useCancelAccountDeletion({
    onSuccess: () => {
      toast.success("Account recovered");
      navigate("/dashboard", { replace: true });
    },
    onError: (error) => toast.error("Recovery failed", { description: errorMessage(error) }),
  });
  const signOut = useSignOut({
    onError: (error) => toast.error("Sign out failed", { description: errorMessage(error) }),
    onSettled: () => navigate("/"),
  });
  const pending = recover.isPending || signOut.isPending;

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-lg leading-snug font-semibold">
            Your account is scheduled for deletion on {formatDate(deletionScheduledFor)}.
          </h1>
          <CardDescription>
            Recover it to keep using Utmost with your workspaces as they were. Otherwise your
            account and the workspaces you own are deleted on that date.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button disabled={pending} onClick={() => recover.mutate()}>
            {recover.isPending ? <Spinner /> : null}
            Recover my account
          </Button>
          <Button variant="outline" disabled={pending} onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
