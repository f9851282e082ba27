import { Badge } from "@/components/ui/badge";

/** Spec §2: Active or Inactive (a property whose Google access stopped working). */
export function PropertyStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}
