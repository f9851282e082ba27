import { AlertCircle, Database, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { ADD_PROPERTY_OFFER, ADD_PROPERTY_PATH, type PlanRoom } from "@/lib/plan-room";

/**
 * Dashboard's "X of Y used" card (spec §2 /dashboard). Spec §5: adding is blocked once the
 * owner's limit is used, counted across all their workspaces as the server counts it; the card
 * then says why and, to the owner, how to get room: an add-on property on a paid plan (issue 23),
 * an upgrade below Agency.
 */
export function PropertiesUsageCard({ room }: { room: PlanRoom }) {
  const { used, limit, atLimit } = room;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Database className="size-5 text-primary" aria-hidden />
          <CardTitle>Analytics Properties</CardTitle>
        </div>
        <CardDescription>
          {used} of {limit} used
        </CardDescription>
        {room.countsOtherWorkspaces ? (
          <p className="text-xs text-muted-foreground">
            Counted across every workspace on{" "}
            {room.viewerIsOwner ? "your" : "the workspace owner's"} {room.planName} plan.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Progress
          value={limit > 0 ? Math.min(100, (used / limit) * 100) : 0}
          aria-label="Analytics properties used"
        />
        {atLimit ? (
          <>
            <Button
              variant="outline"
              className="w-fit"
              disabled
              aria-describedby="property-limit-reason"
            >
              <Plus />
              Add Analytics Property
            </Button>
            <p
              id="property-limit-reason"
              className="flex items-center gap-2 text-sm text-muted-foreground"
            >
              <AlertCircle className="size-4 shrink-0 text-warning" aria-hidden />
              {room.canBuyProperty ? (
                <span>
                  Limit reached.{" "}
                  <Link to={ADD_PROPERTY_PATH} className="font-medium text-primary hover:underline">
                    {ADD_PROPERTY_OFFER}
                  </Link>
                  {room.canUpgrade ? (
                    <>
                      {" "}
                      or{" "}
                      <Link
                        to="/settings/billing"
                        className="font-medium text-primary hover:underline"
                      >
                        upgrade your plan
                      </Link>
                    </>
                  ) : null}
                  .
                </span>
              ) : room.viewerIsOwner ? (
                <span>
                  Limit reached.{" "}
                  <Link to="/settings/billing" className="font-medium text-primary hover:underline">
                    Upgrade your plan
                  </Link>{" "}
                  to add more analytics properties.
                </span>
              ) : (
                <span>
                  Limit reached. The workspace owner can upgrade their {room.planName} plan to add
                  more analytics properties.
                </span>
              )}
            </p>
          </>
        ) : (
          <Button asChild variant="outline" className="w-fit">
            <Link to="/connect-data-source">
              <Plus />
              Add Analytics Property
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
