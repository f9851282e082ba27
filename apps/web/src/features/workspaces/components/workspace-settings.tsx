import { zodResolver } from "@hookform/resolvers/zod";
import {
  UpdateWorkspaceRequestSchema,
  type WorkspaceSummary,
  workspaceRoleCan,
} from "@utmost/contracts";
import { Layers, Lock, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiKeysCard } from "@/features/api-keys/components/api-keys-card";
import { NamingConventionsCard } from "@/features/conventions/components/naming-conventions-card";
import { ReportBrandingCard } from "@/features/reports/components/report-branding-card";
import { useDeleteWorkspace } from "../api/delete-workspace";
import { useUpdateWorkspace } from "../api/update-workspace";
import { ROLE_LABELS } from "./role-badge";

const TYPE_LABELS: Record<WorkspaceSummary["type"], string> = {
  personal: "Personal",
  team: "Team",
};

function RenameWorkspaceForm({
  workspace,
  canRename,
}: {
  workspace: WorkspaceSummary;
  canRename: boolean;
}) {
  const nameId = useId();
  const form = useForm({
    resolver: zodResolver(UpdateWorkspaceRequestSchema),
    values: { name: workspace.name },
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateWorkspace(workspace.id);

  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-5"
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
    >
      <FormField id={nameId} label="Workspace name" error={errors.name?.message}>
        <Input
          id={nameId}
          autoComplete="off"
          readOnly={!canRename}
          aria-invalid={errors.name ? true : undefined}
          {...form.register("name")}
        />
      </FormField>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{TYPE_LABELS[workspace.type]}</dd>
        <dt className="text-muted-foreground">Your role</dt>
        <dd>{ROLE_LABELS[workspace.role]}</dd>
      </dl>
      {canRename ? (
        <Button type="submit" className="w-fit" disabled={update.isPending || !isDirty}>
          {update.isPending ? <Spinner /> : null}
          Save Changes
        </Button>
      ) : null}
    </form>
  );
}

function DeleteWorkspaceCard({ workspace }: { workspace: WorkspaceSummary }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // Spec §4: deleting the selected workspace clears the selection and goes to /dashboard.
  const remove = useDeleteWorkspace({ onSuccess: () => navigate("/dashboard", { replace: true }) });
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Delete workspace</CardTitle>
        <CardDescription>
          Deleting {workspace.name} removes its analytics properties, audits, issues, members and
          pending invitations. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Delete Workspace
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${workspace.name}?`}
        description="Its analytics properties, audit history, issues and members go with it. Your Google Analytics data is not changed."
        confirmLabel="Delete Workspace"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(workspace.id)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

/** `/settings/workspace`: rename and delete the selected workspace, owner only (spec §2, §6). */
export function WorkspaceSettings({ workspace }: { workspace: WorkspaceSummary | null }) {
  if (!workspace) {
    return (
      <EmptyState
        icon={Layers}
        title="No workspace selected"
        description="Choose or create a workspace in the sidebar to manage it here."
      />
    );
  }
  const isOwner = workspaceRoleCan(workspace.role, "renameWorkspace");
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Workspace</CardTitle>
          <CardDescription>The workspace selected in the sidebar.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {isOwner ? null : (
            <Alert>
              <Lock aria-hidden />
              <AlertTitle>Only the owner can change this workspace</AlertTitle>
              <AlertDescription>
                You are {workspace.role === "admin" ? "an admin" : "a member"} of {workspace.name}.
                Ask the workspace owner to rename or delete it.
              </AlertDescription>
            </Alert>
          )}
          <RenameWorkspaceForm key={workspace.id} workspace={workspace} canRename={isOwner} />
        </CardContent>
      </Card>
      <NamingConventionsCard workspace={workspace} />
      <ApiKeysCard workspace={workspace} />
      <ReportBrandingCard workspace={workspace} />
      {workspaceRoleCan(workspace.role, "deleteWorkspace") ? (
        <DeleteWorkspaceCard workspace={workspace} />
      ) : null}
    </div>
  );
}
