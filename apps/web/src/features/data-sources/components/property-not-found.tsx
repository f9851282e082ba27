import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export function PropertyNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Analytics property not found"
      description="It may have been removed, or you may not have access to it."
      action={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
