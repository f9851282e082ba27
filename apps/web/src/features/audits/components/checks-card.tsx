import type { ScanCheck } from "@utmost/contracts";
import { ChevronDown, ListChecks } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useScanChecks } from "../api/get-scan-checks";
import { skippedReasonText } from "../utils/skipped-reason";

/** "45 checks: 39 passed, 4 failed, 2 skipped". */
export function checksSummary(checks: ScanCheck[]): string {
  const count = (status: ScanCheck["status"]) => checks.filter((c) => c.status === status).length;
  return `${checks.length} checks: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`;
}

function CheckList({
  heading,
  checks,
  detail,
}: {
  heading: string;
  checks: ScanCheck[];
  detail?: (check: ScanCheck) => string;
}) {
  if (checks.length === 0) return null;
  return (
    <section aria-label={`${heading} checks`} className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">{heading}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {checks.map((check) => (
          <li key={check.id} className="flex flex-wrap justify-between gap-x-3">
            <span>{check.title}</span>
            {detail ? <span className="text-muted-foreground">{detail(check)}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChecksBody({ scanId }: { scanId: string }) {
  const scan = useScanChecks(scanId);
  const [open, setOpen] = useState(false);

  if (scan.isPending) return <Skeleton className="h-16 w-full" />;
  if (scan.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the checks: {errorMessage(scan.error)}
      </p>
    );
  }
  const { checks, hiddenSessions } = scan.data;
  if (checks.length === 0) {
    return <p className="text-sm text-muted-foreground">This audit did not record its checks.</p>;
  }
  const skipped = checks.filter((check) => check.status === "skipped");
  const failed = checks.filter((check) => check.status === "failed");
  const passed = checks.filter((check) => check.status === "passed");
  return (
    <>
      <p className="font-medium">{checksSummary(checks)}</p>
      {hiddenSessions && hiddenSessions.dataDeleted > 0 ? (
        <p className="text-sm text-muted-foreground">
          {formatNumber(hiddenSessions.dataDeleted)} sessions read "(data deleted)": a data-deletion
          request removed their source and medium. No tagging fix applies, and no check counts them
          as a problem.
        </p>
      ) : null}
      {hiddenSessions && hiddenSessions.rowLimit > 0 ? (
        <p className="text-sm text-muted-foreground">
          {formatNumber(hiddenSessions.rowLimit)} sessions fell into GA4's "(other)" row: the report
          hit its row limit, so their values cannot be read.
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <section aria-label="Skipped checks" className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Skipped</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {skipped.map((check) => (
              <li key={check.id} className="rounded-lg border p-3">
                <p className="font-medium">{check.title}</p>
                <p className="text-muted-foreground">{skippedReasonText(check.skippedReason)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Collapsible open={open} onOpenChange={setOpen} className="flex flex-col gap-3">
        <CollapsibleTrigger asChild>
          <Button variant="link" size="sm" className="h-auto w-fit px-0">
            <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden />
            {open ? "Hide passed and failed checks" : "Show passed and failed checks"}
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent className="flex flex-col gap-4">
          <CheckList
            heading="Failed"
            checks={failed}
            detail={(check) => `${formatNumber(check.affectedSessions)} sessions`}
          />
          <CheckList heading="Passed" checks={passed} />
        </CollapsibleContent>
      </Collapsible>
    </>
  );
}

/**
 * What each of the report's checks concluded. Spec: no check is silently starved; one the data
 * could not feed is shown as skipped, with the reason.
 */
export function ChecksCard({ scanId }: { scanId: string }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <ListChecks className="size-5 text-primary" aria-hidden />
          <CardTitle>Checks</CardTitle>
        </div>
        <CardDescription>
          What each check of this audit concluded; a check the data could not feed says why.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ChecksBody scanId={scanId} />
      </CardContent>
    </Card>
  );
}
