import { TIER_LABELS, type WorkspaceSummary } from "@utmost/contracts";
import { AlertCircle, Database, Layers, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMe } from "@/lib/auth";
import { ADD_PROPERTY_OFFER, ADD_PROPERTY_PATH, planRoom } from "@/lib/plan-room";

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Dashboard's workspace card (spec §2 /dashboard). */
export function WorkspaceCard({ workspace }: { workspace: WorkspaceSummary }) {
  const { data: me } = useMe();
  const room = planRoom(workspace, me?.user.id);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Layers className="size-5 text-primary" aria-hidden />
          <CardTitle className="truncate">{workspace.name}</CardTitle>
          {workspace.ownerTier ? (
            <Badge variant="secondary">{TIER_LABELS[workspace.ownerTier]}</Badge>
          ) : null}
        </div>
        <CardDescription className="capitalize">{workspace.type} workspace</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-wrap gap-6 text-sm">
          <div className="flex items-center gap-2">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <dt className="sr-only">Members</dt>
            <dd>{plural(workspace.memberCount, "member", "members")}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Database className="size-4 text-muted-foreground" aria-hidden />
            <dt className="sr-only">Analytics properties</dt>
            <dd>
              {plural(workspace.dataSourceCount, "analytics property", "analytics properties")}
            </dd>
          </div>
        </dl>
        {room.atLimit ? (
          <div className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center">
            <AlertCircle className="size-4 shrink-0 text-warning-foreground" aria-hidden />
            {room.canBuyProperty ? (
              <>
                <p className="flex-1">
                  You've reached your {room.planName} plan's analytics property limit.
                </p>
                <Button asChild size="sm" variant="outline">
                  <Link to={ADD_PROPERTY_PATH}>{ADD_PROPERTY_OFFER}</Link>
                </Button>
                {room.canUpgrade ? (
                  <Button asChild size="sm" variant="ghost">
                    <Link to="/settings/billing">Upgrade Plan</Link>
                  </Button>
                ) : null}
              </>
            ) : room.viewerIsOwner ? (
              <>
                <p className="flex-1">
                  You've reached your {room.planName} plan's analytics property limit. Upgrade your
                  plan to add more.
                </p>
                <Button asChild size="sm" variant="outline">
                  <Link to="/settings/billing">Upgrade Plan</Link>
                </Button>
              </>
            ) : (
              <p className="flex-1">
                This workspace has reached its owner's {room.planName} plan limit of analytics
                properties. Only the owner can upgrade it.
              </p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
