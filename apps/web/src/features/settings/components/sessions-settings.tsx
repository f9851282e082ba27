import type { SignInSession } from "@utmost/contracts";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useSignInSessions, useSignOutOtherSessions, useSignOutSession } from "../api/sessions";
import { describeUserAgent } from "../utils/describe-user-agent";

const signOutFailed = (error: Error) =>
  toast.error("Sign out failed", { description: errorMessage(error) });

function SessionRow({ session }: { session: SignInSession }) {
  const device = describeUserAgent(session.userAgent);
  const signOut = useSignOutSession({
    onSuccess: () => toast.success("Signed out", { description: `${device} is signed out.` }),
    onError: signOutFailed,
  });
  const details = [
    session.ipAddress,
    `Signed in ${formatDate(session.createdAt)}`,
    // Moves at most once a day, so the day is all there is to tell.
    `Last active ${formatDate(session.lastActiveAt)}`,
  ].filter(Boolean);

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device}
          {session.current ? <Badge variant="success">This browser</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">{details.join(" · ")}</p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={signOut.isPending}
          // Two browsers of one kind read alike: the day each signed in tells them apart.
          aria-label={`Sign out ${device}, signed in ${formatDate(session.createdAt)}`}
          onClick={() => signOut.mutate(session)}
        >
          {signOut.isPending ? <Spinner /> : <LogOut aria-hidden />}
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Settings → Profile: the browsers and devices signed in to the account, any other one to end. */
export function SessionsSettings() {
  const sessions = useSignInSessions();
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOtherSessions({
    onSuccess: ({ signedOut }) => {
      setConfirming(false);
      toast.success(`Signed out of ${signedOut} other ${signedOut === 1 ? "session" : "sessions"}`);
    },
    onError: signOutFailed,
  });
  const hasOthers = sessions.data?.some((session) => !session.current) ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>
          Browsers and devices signed in to your account. Sign out any you don't recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load where you're signed in: {errorMessage(sessions.error)}
          </p>
        ) : (
          <>
            <ul aria-label="Signed-in browsers" className="divide-y">
              {sessions.data.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {hasOthers ? (
              <Button variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
                <LogOut aria-hidden />
                Sign out all other sessions
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                This is the only place you're signed in.
              </p>
            )}
          </>
        )}
        <ConfirmDialog
          open={confirming}
          title="Sign out all other sessions?"
          description="Every browser and device signed in to your account, except this one, is signed out and has to sign in again."
          confirmLabel="Sign out others"
          pending={signOutOthers.isPending}
          onConfirm={() => signOutOthers.mutate()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}
