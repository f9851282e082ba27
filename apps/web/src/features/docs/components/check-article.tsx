import type { DocsCheck } from "@utmost/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "@/components/layout/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-client";
import { useDocsCheck } from "../api/get-docs-checks";
import { DocsHeading } from "./docs-layout";

interface CheckArticleProps {
  checkId: string;
  /** The same resolution guide and severity badge an issue shows; the route composes them. */
  renderGuide: (check: DocsCheck) => ReactNode;
  renderSeverity: (check: DocsCheck) => ReactNode;
}

/** `/docs/checks/:checkId`: one check, from the engine's own metadata. */
export function CheckArticle({ checkId, renderGuide, renderSeverity }: CheckArticleProps) {
  const { data, isPending, error } = useDocsCheck(checkId);
  usePageTitle(
    data?.check.title ?? (error ? (isApiError(error, 404) ? "Check not found" : null) : null),
  );
  if (isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (error) {
    const unknown = isApiError(error, 404);
    return (
      <>
        <DocsHeading title={unknown ? "Check not found" : "Something went wrong"} />
        <p className="text-muted-foreground">
          {unknown
            ? "No check has this id."
            : "This check could not be loaded. Please try refreshing the page."}{" "}
          <Link to="/docs#checks" className="text-primary underline underline-offset-4">
            See every check
          </Link>
          .
        </p>
      </>
    );
  }
  const { check } = data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted-foreground">
        <Link to="/docs#checks" className="hover:underline">
          Checks
        </Link>{" "}
        / <code className="font-mono">{check.id}</code>
      </nav>
      <DocsHeading title={check.title} />
      <div className="-mt-4 mb-6 flex items-center gap-3">
        {renderSeverity(check)}
        <code className="font-mono text-sm text-muted-foreground">{check.id}</code>
      </div>
      <p className="mb-4 text-lg leading-7">{check.description}</p>
      {check.severityWhen.length > 0 ? (
        <div className="mb-8 text-sm">
          <p className="font-medium">
            Findings are {check.severity} unless the report says otherwise:
          </p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {check.severityWhen.map((rule) => (
              <li key={rule.severity}>
                <span className="font-medium text-foreground">{rule.severity}</span> when{" "}
                {rule.when}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mb-8 text-sm text-muted-foreground">
          Every finding of this check is {check.severity}.
        </p>
      )}
      <h2 className="mb-3 text-2xl font-semibold tracking-tight">Resolution guide</h2>
      {renderGuide(check)}
    </>
  );
}
