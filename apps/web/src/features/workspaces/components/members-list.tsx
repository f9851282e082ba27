import { Users } from "lucide-react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { getInitials } from "@/lib/initials";
import { useWorkspaceMembers } from "../api/get-members";
import { RoleBadge } from "./role-badge";

export function MembersList({ workspaceId }: { workspaceId: string }) {
  const members = useWorkspaceMembers(workspaceId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>People who can access this workspace.</CardDescription>
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
        ) : members.data.length === 0 ? (
          <EmptyState icon={Users} title="No members yet" />
        ) : (
          <ul className="divide-y">
            {members.data.map((member) => (
              <li key={member.userId} className="flex items-center gap-3 py-3">
                <Avatar className="size-9">
                  <AvatarFallback className="text-xs">
                    {getInitials(member.fullName)}
                  </AvatarFallback>
                </Avatar>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{member.fullName}</p>
                  <p className="truncate text-sm text-muted-foreground">{member.email}</p>
                </div>
                <RoleBadge role={member.role} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
