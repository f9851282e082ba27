import { ChevronRight, FileBarChart } from "lucide-react";
import { Link, useParams } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingScreen } from "@/components/ui/spinner";
import { useDataSource } from "@/features/data-sources/api/get-data-source";
import { PropertyNotFound } from "@/features/data-sources/components/property-not-found";

function HealthReport({ dataSourceId }: { dataSourceId: string }) {
  const dataSource = useDataSource(dataSourceId);
  if (dataSource.isPending) return <LoadingScreen />;
  if (dataSource.isError) return <PropertyNotFound />;
  return (
    <div className="flex flex-col gap-6">
      <nav
        aria-label="Breadcrumb"
        className="flex items-center gap-1 text-sm text-muted-foreground"
      >
        <Link to="/data-sources" className="hover:text-foreground">
          Analytics Properties
        </Link>
        <ChevronRight className="size-4" aria-hidden />
        <span className="text-foreground">Health Report</span>
      </nav>
      <EmptyState icon={FileBarChart} title="No audit data yet" />
    </div>
  );
}

/** `/data-sources/:id/health`. */
export function DataSourceHealthRoute() {
  const { id } = useParams();
  if (!id) return <PropertyNotFound />;
  return <HealthReport dataSourceId={id} />;
}
