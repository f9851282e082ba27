import { BarChart3, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export function NoPropertiesState() {
  return (
    <EmptyState
      icon={BarChart3}
      title="No analytics properties connected"
      description="Connect a Google Analytics 4 property to run your first UTM audit."
      action={
        <Button asChild>
          <Link to="/connect-data-source">
            <Plus />
            Connect Analytics Property
          </Link>
        </Button>
      }
    />
  );
}
