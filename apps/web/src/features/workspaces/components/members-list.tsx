import {
  type AssignableWorkspaceRole,
  AssignableWorkspaceRoleSchema,
  planOf,
  sellsClientLevelAccess,
  type WorkspaceMember,
  type WorkspaceSummary,
  workspaceRoleCan,
} from "@utmost/contracts";
import { Lock, LogOut, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { getInitials } from "@/lib/initials";
import { useWorkspaceMembers } from "../api/get-members";
import { useLeaveWorkspace } from "../api/leave-workspace";
import { useRemoveMember } from "../api/remove-member";
import { useUpdateMemberRole } from "../api/update-member-role";
import { MemberAccessDialog } from "./member-access-dialog";
import { ROLE_LABELS, RoleBadge } from "./role-badge";

const NO_RIGHT_TO_REMOVE = "Only the workspace owner or an admin can remove members";

function RoleCell({ member, workspaceId }: { member: WorkspaceMember; workspaceId: string }) {
  const update = useUpdateMemberRole(workspaceId);
  if (!member.canChangeRole || member.role === "owner") return <RoleBadge role={member.role} />;
  return (
    <Select
      value={member.role}
      disabled={update.isPending}
      onValueChange={(value) => {
        const role = AssignableWorkspaceRoleSchema.safeParse(value);
        if (role.success && role.data !== member.role) {
          update.mutate({ userId: member.userId, role: role.data });
        }
      }}
    >
      <SelectTrigger className="w-32" aria-label={`Role of ${member.fullName}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(["member", "admin"] satisfies AssignableWorkspaceRole[]).map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function accessLabel(member: WorkspaceMember): string {
  if (member.propertyAccess === "all") return "All properties";
  const count = member.dataSourceIds.length;
  return count > 0 ? `Chosen properties (${count})` : "Chosen properties";
}

/** Client-level access (Agency): every property or chosen ones, set by owners and admins. */
function AccessCell({ member, onEdit }: { member: WorkspaceMember; onEdit: () => void }) {
  const label = accessLabel(member);
  if (!member.canChangeAccess) {
    return <span className="text-sm text-muted-foreground">{label}</span>;
  }
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Access of ${member.fullName}: ${label}`}
      onClick={onEdit}
    >
      {label}
    </Button>
  );
}

/** What client-level access would give a workspace whose owner is not on Agency. */
function ClientAccessUpsell() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Lock className="size-4 shrink-0 text-warning" aria-hidden />
      <span>
        <span>
          Limit a member to chosen properties with client-level user access, part of the Agency
          plan.
        </span>{" "}
        <Link
          to="/settings/billing"
          className="font-medium text-primary underline underline-offset-4"
        >
          Upgrade your plan
        </Link>
      </span>
    </p>
  );
}

function MemberActions({
  member,
  onRemove,
  onLeave,
}: {
  member: WorkspaceMember;
  onRemove: () => void;
  onLeave: () => void;
}) {
  // Spec §6: the owner cannot be removed, and their row offers nothing.
  if (member.role === "owner") return null;
  if (member.isYou) {
    return (
      <Button variant="outline" size="sm" disabled={!member.canRemove} onClick={onLeave}>
        <LogOut aria-hidden />
        Leave
      </Button>
    );
  }
  // Spec §6: the button shows on every non-owner row, disabled for a viewer without the right.
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={!member.canRemove}
      title={member.canRemove ? undefined : NO_RIGHT_TO_REMOVE}
      aria-label={`Remove ${member.fullName}`}
      onClick={onRemove}
    >
      <UserMinus aria-hidden />
      Remove
    </Button>
  );
}

/** `/workspace/members`: who has access, their roles, and what the viewer may change. */
export function MembersList({ workspace }: { workspace: WorkspaceSummary }) {
  const navigate = useNavigate();
  const members = useWorkspaceMembers(workspace.id);
  const [toRemove, setToRemove] = useState<WorkspaceMember | null>(null);
  const [leaving, setLeaving] = useState<WorkspaceMember | null>(null);
  const [editingAccess, setEditingAccess] = useState<WorkspaceMember | null>(null);
  const upsell =
    workspaceRoleCan(workspace.role, "manageMembers") &&
    !sellsClientLevelAccess(planOf(workspace.ownerTier));
  const remove = useRemoveMember(workspace.id, { onSuccess: () => setToRemove(null) });
  const leave = useLeaveWorkspace(workspace, { onSuccess: () => navigate("/dashboard") });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Members
          {members.data ? <Badge variant="secondary">{members.data.members.length}</Badge> : null}
        </CardTitle>
        <CardDescription>People who can access {workspace.name}.</CardDescription>
        {upsell ? <ClientAccessUpsell /> : null}
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : members.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load members: {errorMessage(members.error)}
          </p>
        ) : members.data.members.length === 0 ? (
          <EmptyState icon={Users} title="No members yet" />
        ) : (
          <Table stackOnPhone>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Member</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Access</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.members.map((member) => (
                <TableRow key={member.userId} aria-label={member.fullName}>
                  <TableCell className="min-w-56" data-primary>
                    <div className="flex items-center gap-3">
                      <Avatar className="size-9">
                        <AvatarFallback className="text-xs">
                          {getInitials(member.fullName)}
                        </AvatarFallback>
                      </Avatar>
                      <div className="min-w-0">
                        <p className="flex items-center gap-2 truncate text-sm font-medium">
                          {member.fullName}
                          {member.isYou ? <Badge variant="outline">You</Badge> : null}
                        </p>
                        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell data-label="Role">
                    <RoleCell member={member} workspaceId={workspace.id} />
                  </TableCell>
                  <TableCell data-label="Access">
                    <AccessCell member={member} onEdit={() => setEditingAccess(member)} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap" data-label="Joined">
                    {formatDate(member.joinedAt)}
                  </TableCell>
                  <TableCell className="text-right" data-actions>
                    <MemberActions
                      member={member}
                      onRemove={() => setToRemove(member)}
                      onLeave={() => setLeaving(member)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <MemberAccessDialog
        workspaceId={workspace.id}
        member={editingAccess}
        onClose={() => setEditingAccess(null)}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove member?"
        description={`${toRemove?.fullName ?? "This member"} will lose access to ${workspace.name} and its analytics properties.`}
        confirmLabel="Remove Member"
        pending={remove.isPending}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove);
        }}
        onClose={() => setToRemove(null)}
      />
      <ConfirmDialog
        open={leaving !== null}
        title="Leave workspace?"
        description={`You will lose access to ${workspace.name} until someone invites you again.`}
        confirmLabel="Leave Workspace"
        pending={leave.isPending}
        onConfirm={() => {
          if (leaving) leave.mutate(leaving.userId);
        }}
        onClose={() => setLeaving(null)}
      />
    </Card>
  );
}
