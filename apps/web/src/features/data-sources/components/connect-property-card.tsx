import { BarChart3, ShieldCheck } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useStartGoogleOAuth } from "@/lib/google-oauth";

export function ConnectPropertyCard({ workspaceId }: { workspaceId: string | null }) {
  const start = useStartGoogleOAuth({
    onError: (error) => toast.error(`Failed to start connection: ${errorMessage(error)}`),
  });
  // The page leaves for Google on success, so the button stays busy until it does.
  const busy = start.isPending || start.isSuccess;

  // Without a selected workspace the server connects to the user's first one, creating it if
  // the user has none.
  const authorize = () => start.mutate(workspaceId ? { workspaceId } : {});

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader className="items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BarChart3 className="size-6" aria-hidden />
        </div>
        <CardTitle className="pt-2 text-xl">Connect Google Analytics 4</CardTitle>
        <CardDescription>
          One-click OAuth: sign in with Google and allow Utmost to read your Analytics data. It
          takes about 60 seconds.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <Button size="lg" disabled={busy} onClick={authorize}>
          {busy ? <Spinner /> : null}
          Authorize Google Analytics
        </Button>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden />
          Your Google tokens are stored encrypted.
        </p>
      </CardContent>
    </Card>
  );
}
