import { type ApiKey, planOf, type WorkspaceSummary, workspaceRoleCan } from "@utmost/contracts";
import { BookOpen, Lock, Plus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { useApiKeys, useRevokeApiKey } from "../api/api-keys";
import { CreateApiKeyDialog } from "./create-api-key-dialog";

/** Where the server serves the public API's documentation (Swagger UI). */
export const API_DOCS_URL = "/api/docs";

function KeysTable({
  apiKeys,
  onRevoke,
}: {
  apiKeys: ApiKey[];
  onRevoke: (apiKey: ApiKey) => void;
}) {
  return (
    <Table stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {apiKeys.map((apiKey) => (
          <TableRow key={apiKey.id}>
            <TableCell className="font-medium" data-primary>
              {apiKey.name}
            </TableCell>
            <TableCell className="font-mono text-xs" data-label="Key">
              {apiKey.keyPrefix}…
            </TableCell>
            <TableCell data-label="Created">{formatDate(apiKey.createdAt)}</TableCell>
            <TableCell data-label="Last used">
              {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "Never"}
            </TableCell>
            <TableCell data-label="Status">
              {apiKey.revokedAt ? (
                <div className="flex flex-col items-start gap-1">
                  <Badge variant="secondary">Revoked</Badge>
                  {apiKey.revokedNote ? (
                    <span className="text-xs text-muted-foreground">{apiKey.revokedNote}</span>
                  ) : null}
                </div>
              ) : (
                <Badge variant="success">Active</Badge>
              )}
            </TableCell>
            <TableCell className="text-right" data-actions>
              {apiKey.revokedAt ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${apiKey.name}`}
                  onClick={() => onRevoke(apiKey)}
                >
                  Revoke
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function KeyList({ workspace, canCreate }: { workspace: WorkspaceSummary; canCreate: boolean }) {
  const keys = useApiKeys(workspace.id);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey(workspace.id, { onSuccess: () => setRevoking(null) });

  return (
    <>
      {canCreate ? (
        <Button className="w-fit" onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create API key
        </Button>
      ) : null}
      {keys.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the API keys: {errorMessage(keys.error)}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">This workspace has no API keys yet.</p>
      ) : (
        <KeysTable apiKeys={keys.data} onRevoke={setRevoking} />
      )}
      <CreateApiKeyDialog
        workspaceId={workspace.id}
        open={creating}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? "this key"}?`}
        description="Anything using this key loses access to the Utmost API at once. This cannot be undone."
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
        }}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

/**
 * Settings → Workspace: the workspace's API keys for the public API (ADR 012). Keys are
 * credentials to the whole workspace, so only owners and admins see them; the owner's plan must
 * include API access to create one (existing keys stay listed to be revoked).
 */
export function ApiKeysCard({ workspace }: { workspace: WorkspaceSummary }) {
  const canManage = workspaceRoleCan(workspace.role, "manageApiKeys");
  const hasApiAccess = planOf(workspace.ownerTier).apiAccess;
  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Read this workspace's properties, scans and issues from your own tools, and start audits.{" "}
          <a
            href={API_DOCS_URL}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            <BookOpen className="size-4" aria-hidden />
            API documentation
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!canManage ? (
          <Alert>
            <Lock aria-hidden />
            <AlertTitle>Only owners and admins manage API keys</AlertTitle>
            <AlertDescription>
              An API key opens the whole workspace. Ask the workspace owner or an admin for one.
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {hasApiAccess ? null : (
              <UpgradeNotice feature="API keys" sells={(plan) => plan.apiAccess} />
            )}
            <KeyList workspace={workspace} canCreate={hasApiAccess} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
