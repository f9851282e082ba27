import { ADMIN_TOP_ISSUE_TYPES, type AdminStats } from "@utmost/contracts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";

/** Spec §9: the 10 commonest active issue types across every property. */
export function TopIssueTypes({ issueTypes }: { issueTypes: AdminStats["topIssueTypes"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Issue Types</CardTitle>
        <CardDescription>
          The {ADMIN_TOP_ISSUE_TYPES} commonest active issues across every property
        </CardDescription>
      </CardHeader>
      <CardContent>
        {issueTypes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active issues</p>
        ) : (
          <ol aria-label="Top issue types" className="flex flex-col divide-y">
            {issueTypes.map((issueType, index) => (
              <li
                key={issueType.issueType}
                className="flex items-center justify-between gap-3 py-2 text-sm"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <span className="w-5 text-right text-muted-foreground tabular-nums">
                    {index + 1}.
                  </span>
                  <code className="truncate font-mono text-xs">{issueType.issueType}</code>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  {issueType.criticalCount > 0 ? (
                    <Badge variant="destructive">
                      {formatNumber(issueType.criticalCount)} critical
                    </Badge>
                  ) : null}
                  <span className="font-semibold tabular-nums">
                    {formatNumber(issueType.count)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
