import { AlertCircle, Database, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";

/**
 * Dashboard's "X of Y used" card (spec §2 /dashboard). Spec §5: adding is blocked once the plan's
 * limit is used, and the card points to billing instead.
 */
export function PropertiesUsageCard({ used, limit }: { used: number; limit: number }) {
  const atLimit = used >= limit;
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
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Progress
          value={limit > 0 ? Math.min(100, (used / limit) * 100) : 0}
          aria-label="Analytics properties used"
        />
        {atLimit ? (
          <>
            <Button variant="outline" className="w-fit" disabled>
              <Plus />
              Add Analytics Property
            </Button>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <AlertCircle className="size-4 shrink-0 text-warning" aria-hidden />
              <span>
                Limit reached.{" "}
                <Link to="/settings/billing" className="font-medium text-primary hover:underline">
                  Upgrade your plan
                </Link>{" "}
                to add more analytics properties.
              </span>
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
