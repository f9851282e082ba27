import { cheapestPlanWith, type Plan } from "@utmost/contracts";
import { Lock } from "lucide-react";
import { Link } from "react-router";

/**
 * Says which plan sells a feature the workspace owner's plan lacks (spec §9 Plans), with the way
 * to billing: 'Alerts are part of the Pro plan and above.' The server refuses the same.
 */
export function UpgradeNotice({
  feature,
  sells,
}: {
  /** What the plan lacks, as the sentence's subject: "Alerts", "CSV exports". */
  feature: string;
  sells: (plan: Plan) => boolean;
}) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Lock className="size-4 shrink-0 text-warning" aria-hidden />
      <span>
        <span>{`${feature} are part of the ${cheapestPlanWith(sells).name} plan and above.`}</span>{" "}
        <Link
          to="/settings/billing"
          className="font-medium text-primary underline underline-offset-4"
        >
          Upgrade your plan
        </Link>
      </span>
    </p>
  );
}
