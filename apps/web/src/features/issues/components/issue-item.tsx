import type { Issue } from "@utmost/contracts";
import { BellOff, CheckCircle2, ChevronDown, Download, RotateCcw } from "lucide-react";
import { forwardRef, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatDate, formatNumber } from "@/lib/format";
import { IssueStatusBadge, NoLongerFoundBadge, ReopenedBadge, SeverityBadge } from "./issue-badges";
import { ResolutionGuide } from "./resolution-guide";

/** Long lists of offending values are cut here; the CSV export has them all. */
const VALUES_SHOWN = 12;

/**
 * One issue of the list: what and how much at a glance, the values and the guide one click
 * away, and the actions its status allows (spec §2; unmute and reopen, ADR 014). The article is
 * focusable (not tabbable) so the list's j/k keys can move between issues.
 */
export const IssueItem = forwardRef<
  HTMLElement,
  {
    issue: Issue;
    /** The workspace owner's plan has CSV exports (spec §9 Plans). */
    canExport: boolean;
    exporting: boolean;
    /** An action on this issue is on its way. */
    busy: boolean;
    onExport: () => void;
    onResolve: () => void;
    onMute: () => void;
    onRestore: (action: "unmute" | "reopen") => void;
  }
>(function IssueItem(
  { issue, canExport, exporting, busy, onExport, onResolve, onMute, onRestore },
  ref,
) {
  const titleId = useId();
  const [guideOpen, setGuideOpen] = useState(false);
  const hiddenValues = issue.values.length - VALUES_SHOWN;

  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-issue-id={issue.id}
      className="flex min-w-0 flex-col gap-2 rounded-lg border p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={titleId} className="mr-auto min-w-0 font-semibold break-words">
          {issue.title}
        </h4>
        <SeverityBadge severity={issue.severity} />
        <IssueStatusBadge status={issue.status} />
        {issue.reopened ? <ReopenedBadge /> : null}
        {issue.status === "active" && !issue.foundByLatestAudit ? <NoLongerFoundBadge /> : null}
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{issue.description}</p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex min-w-0 gap-1.5">
          <dt className="text-muted-foreground">Type</dt>
          <dd className="font-mono text-xs leading-5 break-all">{issue.issueType}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Affected sessions</dt>
          <dd className="font-medium tabular-nums">{formatNumber(issue.affectedSessionsCount)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">First detected</dt>
          <dd>{formatDate(issue.firstDetectedAt)}</dd>
        </div>
        {issue.resolvedAt ? (
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Resolved on</dt>
            <dd>{formatDate(issue.resolvedAt)}</dd>
          </div>
        ) : null}
        {issue.mutedAt ? (
          <div className="flex min-w-0 gap-1.5">
            <dt className="text-muted-foreground">Muted on</dt>
            <dd className="break-words">
              {formatDate(issue.mutedAt)}
              {issue.muteReason ? ` (${issue.muteReason})` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {issue.alsoFound.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">
            Also found by {issue.alsoFound.length === 1 ? "another check" : "other checks"} on the
            same sessions (one problem, counted once in the score)
          </p>
          <ul className="flex list-disc flex-col gap-0.5 pl-5 text-sm">
            {issue.alsoFound.map((reason) => (
              <li key={`${reason.issueType}:${reason.title}`} className="break-words">
                {reason.title}{" "}
                <span className="font-mono text-xs text-muted-foreground">
                  ({reason.issueType})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {issue.values.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">Affected values</p>
          <ul className="flex flex-wrap gap-1.5">
            {issue.values.slice(0, VALUES_SHOWN).map((value) => (
              <li key={value} className="min-w-0">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
                  {value}
                </code>
              </li>
            ))}
            {hiddenValues > 0 ? (
              <li className="text-xs text-muted-foreground">and {hiddenValues} more</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      <Collapsible open={guideOpen} onOpenChange={setGuideOpen} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <CollapsibleTrigger asChild>
            <Button variant="link" size="sm" className="mr-auto h-auto px-0">
              <ChevronDown
                className={cn("transition-transform", guideOpen && "rotate-180")}
                aria-hidden
              />
              {guideOpen ? "Hide Details" : "Show Resolution Guide"}
            </Button>
          </CollapsibleTrigger>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Export issue CSV"
            onClick={onExport}
            disabled={!canExport || exporting}
          >
            {exporting ? <Spinner /> : <Download />}
            Export
          </Button>
          {issue.status === "active" ? (
            <>
              <Button variant="outline" size="sm" onClick={onResolve} disabled={busy}>
                {busy ? <Spinner /> : <CheckCircle2 />}
                Resolve
              </Button>
              <Button variant="outline" size="sm" onClick={onMute} disabled={busy}>
                <BellOff />
                Mute
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onRestore(issue.status === "muted" ? "unmute" : "reopen")}
              disabled={busy}
            >
              {busy ? <Spinner /> : <RotateCcw />}
              {issue.status === "muted" ? "Unmute" : "Reopen"}
            </Button>
          )}
        </div>
        <CollapsibleContent>
          <ResolutionGuide guide={issue.resolutionGuide} />
        </CollapsibleContent>
      </Collapsible>
    </article>
  );
});
