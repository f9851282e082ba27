import { type AdminUser, TIER_LABELS } from "@utmost/contracts";
import { Pencil, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { useAdminUsers } from "../api/admin-users";
import { AdminListCard } from "./admin-list-card";
import { EditSubscriptionDialog } from "./edit-subscription-dialog";
import { PlanBilling } from "./plan-billing";

function UserRow({ user, onEdit }: { user: AdminUser; onEdit: () => void }) {
  const { subscription } = user;
  return (
    <TableRow>
      <TableCell className="font-medium" data-primary>
        <span className="flex items-center gap-2">
          {user.fullName}
          {user.roles.includes("admin") ? <Badge>Admin</Badge> : null}
        </span>
      </TableCell>
      <TableCell data-label="Email" className="break-all">
        {user.email}
      </TableCell>
      <TableCell className="whitespace-nowrap" data-label="Joined">
        {formatDate(user.createdAt)}
      </TableCell>
      <TableCell data-label="Plan">
        {subscription ? (
          <Badge variant="secondary">{TIER_LABELS[subscription.tier]}</Badge>
        ) : (
          <span className="text-muted-foreground">No subscription</span>
        )}
      </TableCell>
      <TableCell data-label="Billing">
        <PlanBilling billing={user.billing} />
      </TableCell>
      <TableCell data-label="Status">
        {subscription ? (
          <Badge
            variant={subscription.status === "active" ? "success" : "warning"}
            className="capitalize"
          >
            {subscription.status}
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className="tabular-nums" data-label="Properties">
        {subscription ? `${subscription.dataSourcesUsed} / ${subscription.dataSourceLimit}` : "-"}
      </TableCell>
      <TableCell className="text-right" data-actions>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit subscription of ${user.fullName}`}
          onClick={onEdit}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * The Users tab: every user with roles, subscription and who pays for it (Dodo, complimentary or
 * Free); an admin edits tier and limit.
 */
export function UsersTable() {
  const users = useAdminUsers();
  const [editing, setEditing] = useState<AdminUser | null>(null);

  return (
    <AdminListCard
      title="Users"
      description="Every account with its roles and subscription"
      what="users"
      query={users}
      empty={{ icon: Users, title: "No users yet" }}
      footer={<EditSubscriptionDialog user={editing} onClose={() => setEditing(null)} />}
    >
      {(items) => (
        <Table stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Joined</TableHead>
              <TableHead>Plan</TableHead>
              <TableHead>Billing</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Properties</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((user) => (
              <UserRow key={user.id} user={user} onEdit={() => setEditing(user)} />
            ))}
          </TableBody>
        </Table>
      )}
    </AdminListCard>
  );
}
