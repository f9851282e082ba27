import { planOf } from "@utmost/contracts";
import { History } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "@/lib/format";
import type { HistoryView } from "@/lib/history-window";

/**
 * Where the plan's history ends and what an upgrade shows (spec §9 Plans; ADR 023): 'Your Pro
 * plan keeps 30 days of history, since Oct 27, 2026. Upgrade to see older scans.' Shown only
 * when the caller found something hidden or a range past the window; nothing for a plan that
 * keeps every scan.
 */
export function HistoryWindowNote({ history }: { history: HistoryView }) {
  const { window, viewerIsOwner } = history;
  if (window.days === null || window.startsAt === null) return null;
  const plan = planOf(window.tier).name;
  const since = formatDate(window.startsAt);
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <History className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      {viewerIsOwner ? (
        <span>
          {`Your ${plan} plan keeps ${window.days} days of history, since ${since}. `}
          <Link
            to="/settings/billing"
            className="font-medium text-primary underline underline-offset-4"
          >
            Upgrade to see older scans.
          </Link>
        </span>
      ) : (
        <span>
          {`The workspace owner's ${plan} plan keeps ${window.days} days of history, since ${since}. Older scans are kept and show again when the owner upgrades.`}
        </span>
      )}
    </p>
  );
}
