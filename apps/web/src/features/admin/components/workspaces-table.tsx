import type { AdminWorkspace, WorkspaceRole } from "@utmost/contracts";
import { Layers } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { useAdminWorkspaces } from "../api/admin-workspaces";
import { AdminListCard } from "./admin-list-card";

const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
};

function WorkspaceRow({ workspace }: { workspace: AdminWorkspace }) {
  return (
    <TableRow className="align-top">
      <TableCell data-primary>
        <div className="flex flex-col gap-1">
          <span className="font-medium">{workspace.name}</span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="outline" className="capitalize">
              {workspace.type}
            </Badge>
            {formatDate(workspace.createdAt)}
          </span>
        </div>
      </TableCell>
      <TableCell data-label="Owner">
        {workspace.owner ? (
          <div className="flex flex-col">
            <span>{workspace.owner.fullName}</span>
            <span className="text-xs text-muted-foreground">{workspace.owner.email}</span>
          </div>
        ) : (
          <span className="text-muted-foreground">Unknown</span>
        )}
      </TableCell>
      <TableCell data-label="Members">
        <ul aria-label={`Members of ${workspace.name}`} className="flex flex-col gap-1">
          {workspace.members.map((member) => (
            <li key={member.userId} className="flex items-center gap-2" title={member.email}>
              <span>{member.fullName}</span>
              <Badge variant={member.role === "member" ? "secondary" : "default"}>
                {ROLE_LABELS[member.role]}
              </Badge>
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell data-label="Analytics Properties">
        {workspace.dataSources.length === 0 ? (
          <span className="text-muted-foreground">None</span>
        ) : (
          <ul
            aria-label={`Analytics properties of ${workspace.name}`}
            className="flex flex-col gap-1"
          >
            {workspace.dataSources.map((dataSource) => (
              <li key={dataSource.id} className="flex items-center gap-2">
                <span>{dataSource.name}</span>
                <span className="text-xs text-muted-foreground">{dataSource.ga4PropertyId}</span>
                {dataSource.isActive ? null : <Badge variant="warning">Inactive</Badge>}
              </li>
            ))}
          </ul>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The Workspaces tab: every workspace with owner, members and analytics properties. */
export function WorkspacesTable() {
  const workspaces = useAdminWorkspaces();
  return (
    <AdminListCard
      title="Workspaces"
      description="Every workspace with its owner, members and properties"
      what="workspaces"
      query={workspaces}
      empty={{ icon: Layers, title: "No workspaces yet" }}
    >
      {(items) => (
        <Table stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>Workspace</TableHead>
              <TableHead>Owner</TableHead>
              <TableHead>Members</TableHead>
              <TableHead>Analytics Properties</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((workspace) => (
              <WorkspaceRow key={workspace.id} workspace={workspace} />
            ))}
          </TableBody>
        </Table>
      )}
    </AdminListCard>
  );
}
