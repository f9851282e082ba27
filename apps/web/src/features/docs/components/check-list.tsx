import type { DocsCheck, IssueSeverity } from "@utmost/contracts";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { useDocsChecks } from "../api/get-docs-checks";

export const SEVERITY_LABEL: Record<IssueSeverity, string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

export function checkPath(check: Pick<DocsCheck, "id">): string {
  return `/docs/checks/${check.id}`;
}

/** Every check the engine runs, in report order, each linking to its page. */
export function CheckList() {
  const { data, isPending, isError } = useDocsChecks();
  if (isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-destructive">
        The list of checks could not be loaded. Please try refreshing the page.
      </p>
    );
  }
  return (
    <>
      <p className="text-muted-foreground">
        Utmost runs {data.checks.length} checks on every scan. Each page explains what the check
        detects, why it matters, how to fix it, and links to Google's own documentation.
      </p>
      <ul aria-label="Checks" className="divide-y rounded-xl border">
        {data.checks.map((check) => (
          <li key={check.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <Link to={checkPath(check)} className="font-medium text-primary hover:underline">
              {check.title}
            </Link>
            <span className="shrink-0 text-xs font-medium text-muted-foreground">
              {[check.severity, ...check.severityWhen.map((rule) => rule.severity)]
                .map((severity) => SEVERITY_LABEL[severity])
                .join(", or ")}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
