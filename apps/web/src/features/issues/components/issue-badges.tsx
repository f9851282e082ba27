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

/** Resolved once, then found again by an audit: counted as active (the counts model). */
export function ReopenedBadge() {
  return (
    <Badge variant="warning" title="Resolved, then found again by an audit">
      Re-opened
    </Badge>
  );
}

/** Active, but the latest audit did not find it: not counted. */
export function NoLongerFoundBadge() {
  return (
    <Badge variant="secondary" title="The latest audit did not find it; it is not counted">
      No longer found
    </Badge>
  );
}
