import { type AlertRule, planOf, type WorkspaceSummary } from "@utmost/contracts";
import { BellOff, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { WorkspaceGate } from "@/components/workspace-gate";
import { useAlertRules } from "@/features/alerts/api/alert-rules";
import { AlertRuleDialog } from "@/features/alerts/components/alert-rule-dialog";
import { AlertRulesTable } from "@/features/alerts/components/alert-rules-table";
import { DeleteAlertRuleDialog } from "@/features/alerts/components/delete-alert-rule-dialog";
import { DeliveryLogDialog } from "@/features/alerts/components/delivery-log-dialog";
import { SigningSecretDialog } from "@/features/alerts/components/signing-secret-dialog";
import { errorMessage } from "@/lib/api-client";
import { useDataSources } from "@/lib/data-sources";

/** The form is open for a new rule, for a rule, or closed. */
type Editing = { rule: AlertRule | null } | null;

function AlertRules({ workspace }: { workspace: WorkspaceSummary }) {
  const rules = useAlertRules(workspace.id);
  const dataSources = useDataSources(workspace.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<AlertRule | null>(null);
  const [logOf, setLogOf] = useState<AlertRule | null>(null);
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const create = () => setEditing({ rule: null });
  // Spec §9 Plans: the channels are the workspace owner's plan's. Rules kept from a better plan
  // stay listed, and can still be switched off or deleted.
  const { alertChannels } = planOf(workspace.ownerTier);
  const canCreate = alertChannels.length > 0;

  let content: ReactNode;
  if (rules.isPending) {
    content = (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (rules.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        Could not load alert rules: {errorMessage(rules.error)}
      </p>
    );
  } else if (rules.data.length === 0) {
    content = (
      <EmptyState
        icon={BellOff}
        title="No alert rules configured yet"
        description="Alert rules notify you by email, Slack or webhook when a property's UTM health changes."
        action={
          <Button onClick={create} disabled={!canCreate}>
            <Plus aria-hidden />
            Create Your First Alert
          </Button>
        }
      />
    );
  } else {
    content = (
      <AlertRulesTable
        workspaceId={workspace.id}
        rules={rules.data}
        onEdit={(rule) => setEditing({ rule })}
        onDelete={setToDelete}
        onShowLog={setLogOf}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Alerts follow every completed audit of {workspace.name}'s properties.
        </p>
        <Button onClick={create} disabled={!canCreate}>
          <Plus aria-hidden />
          Create Alert Rule
        </Button>
      </div>
      {canCreate ? null : (
        <UpgradeNotice feature="Alerts" sells={(plan) => plan.alertChannels.length > 0} />
      )}
      {content}
      <AlertRuleDialog
        workspaceId={workspace.id}
        open={editing !== null}
        rule={editing?.rule ?? null}
        dataSources={dataSources.data ?? []}
        alertChannels={alertChannels}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={setSigningSecret}
      />
      <DeleteAlertRuleDialog
        workspaceId={workspace.id}
        rule={toDelete}
        onClose={() => setToDelete(null)}
      />
      <DeliveryLogDialog rule={logOf} onClose={() => setLogOf(null)} />
      <SigningSecretDialog secret={signingSecret} onClose={() => setSigningSecret(null)} />
    </div>
  );
}

/** `/alert-settings` (spec §2): the workspace's alert rules. */
export function AlertSettingsRoute() {
  return <WorkspaceGate>{(workspace) => <AlertRules workspace={workspace} />}</WorkspaceGate>;
}
