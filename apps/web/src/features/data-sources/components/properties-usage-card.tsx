import { Database, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";

/** Dashboard's "X of Y used" card (spec §2 /dashboard). */
export function PropertiesUsageCard({ used, limit }: { used: number; limit: number }) {
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
        <Button asChild variant="outline" className="w-fit">
          <Link to="/connect-data-source">
            <Plus />
            Add Analytics Property
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
