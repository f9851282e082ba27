import type { DataSource, Scan } from "@utmost/contracts";
import { FileBarChart, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ScoreValue } from "@/components/health-score";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { useStartGoogleOAuth } from "@/lib/google-oauth";
import { scanHealth } from "@/lib/health-score";
import { DeletePropertyDialog } from "./delete-property-dialog";
import { PropertyStatusBadge } from "./property-status-badge";

function HealthScoreCell({ scan }: { scan: Scan | null }) {
  if (!scan) return <span className="text-muted-foreground">Not audited</span>;
  if (scan.status === "running") return <span className="text-muted-foreground">Running...</span>;
  if (scan.status === "failed") return <span className="text-destructive">Audit failed</span>;
  return <ScoreValue score={scanHealth(scan).score} />;
}

/** `/data-sources` table (spec §2): one row per property with its actions. */
export function PropertiesTable({ dataSources }: { dataSources: DataSource[] }) {
  const [toDelete, setToDelete] = useState<DataSource | null>(null);
  const reconnect = useStartGoogleOAuth({
    onError: (error) =>
      toast.error("Failed to start reconnection", { description: errorMessage(error) }),
  });
  // The page leaves for Google on success, so the clicked row stays busy until it does.
  const reconnectingId =
    reconnect.isPending || reconnect.isSuccess ? reconnect.variables?.dataSourceId : undefined;

  return (
    <Card>
      <Table stackOnPhone>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Health Score</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last Synced</TableHead>
            <TableHead>Connected</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {dataSources.map((dataSource) => (
            <TableRow key={dataSource.id}>
              <TableCell className="min-w-48" data-primary>
                <p className="font-medium">{dataSource.name}</p>
                <p className="text-xs text-muted-foreground">
                  {dataSource.ga4AccountName ? `${dataSource.ga4AccountName} · ` : ""}
                  {dataSource.ga4PropertyId}
                </p>
              </TableCell>
              <TableCell className="whitespace-nowrap" data-phone-hidden>
                Google Analytics 4
              </TableCell>
              <TableCell data-label="Health Score">
                <HealthScoreCell scan={dataSource.latestScan} />
              </TableCell>
              <TableCell data-label="Status">
                <PropertyStatusBadge dataSource={dataSource} />
              </TableCell>
              <TableCell className="whitespace-nowrap" data-label="Last Synced">
                {dataSource.lastSyncedAt ? formatDateTime(dataSource.lastSyncedAt) : "Never"}
              </TableCell>
              <TableCell className="whitespace-nowrap" data-label="Connected">
                {formatDate(dataSource.createdAt)}
              </TableCell>
              <TableCell data-actions>
                <div className="flex items-center justify-end gap-1">
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/data-sources/${dataSource.id}/health`}>
                      <FileBarChart />
                      View Report
                    </Link>
                  </Button>
                  {/* Icon buttons keep the seven columns within a laptop screen; the label names them. */}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Reconnect"
                    title="Reconnect Google Analytics"
                    disabled={reconnectingId !== undefined}
                    onClick={() =>
                      reconnect.mutate({
                        workspaceId: dataSource.workspaceId,
                        dataSourceId: dataSource.id,
                      })
                    }
                  >
                    {reconnectingId === dataSource.id ? <Spinner /> : <RefreshCw />}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Delete"
                    title="Delete analytics property"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setToDelete(dataSource)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeletePropertyDialog dataSource={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
