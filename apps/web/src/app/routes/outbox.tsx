import { NotFoundScreen } from "@/components/errors/not-found-screen";
import { PublicLayout } from "@/components/layout/public-layout";
import { LoadingScreen } from "@/components/ui/spinner";
import { useOutbox } from "@/features/outbox/api/get-outbox";
import { OutboxList } from "@/features/outbox/components/outbox-list";
import { errorMessage } from "@/lib/api-client";
import { usePublicConfig } from "@/lib/config";

/** `/outbox`: mail kept locally when the deployment has no SMTP server (demo mode). */
export function OutboxRoute() {
  const config = usePublicConfig();
  const enabled = config.data?.outboxEnabled ?? false;
  const outbox = useOutbox(enabled);

  if (config.isPending) return <LoadingScreen />;
  if (!enabled) return <NotFoundScreen />;

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">Outbox</h1>
        <p className="mt-2 mb-8 text-muted-foreground">
          Mail sent by this local deployment, newest first.
        </p>
        {outbox.isPending ? (
          <LoadingScreen />
        ) : outbox.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the outbox: {errorMessage(outbox.error)}
          </p>
        ) : (
          <OutboxList messages={outbox.data} />
        )}
      </div>
    </PublicLayout>
  );
}
