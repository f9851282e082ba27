import type { DataSource } from "@utmost/contracts";
import { Badge } from "@/components/ui/badge";

/**
 * Spec §2: Active or Inactive (a property whose Google access stopped working). A property the
 * owner's plan no longer covers is Inactive too, and says why.
 */
export function PropertyStatusBadge({
  dataSource,
}: {
  dataSource: Pick<DataSource, "isActive" | "pausedByPlan">;
}) {
  if (dataSource.isActive) return <Badge variant="success">Active</Badge>;
  return dataSource.pausedByPlan ? (
    <Badge
      variant="warning"
      title="The workspace owner's plan covers fewer properties. Upgrade to audit it again."
    >
      Inactive: over plan limit
    </Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}
