import type { IssueSeverity, IssueStatus } from "@utmost/contracts";
import { Badge, type BadgeProps } from "@/components/ui/badge";

type Variant = NonNullable<BadgeProps["variant"]>;

const SEVERITIES: Record<IssueSeverity, { label: string; variant: Variant }> = {
  critical: { label: "Critical", variant: "destructive" },
  warning: { label: "Warning", variant: "warning" },
  info: { label: "Info", variant: "secondary" },
};

const STATUSES: Record<IssueStatus, { label: string; variant: Variant }> = {
  active: { label: "Active", variant: "outline" },
  muted: { label: "Muted", variant: "secondary" },
  resolved: { label: "Resolved", variant: "success" },
};

export function SeverityBadge({ severity }: { severity: IssueSeverity }) {
  const { label, variant } = SEVERITIES[severity];
  return <Badge variant={variant}>{label}</Badge>;
}

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  const { label, variant } = STATUSES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
