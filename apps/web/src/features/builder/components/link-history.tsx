import type { BuilderLink } from "@utmost/contracts";
import { Copy, History, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { copyToClipboard } from "@/lib/clipboard";
import { formatDateTime } from "@/lib/format";
import { useDeleteLink, useLinks } from "../api/links";

const PAGE = 20;

function LinksTable({
  links,
  onDelete,
}: {
  links: BuilderLink[];
  onDelete: (link: BuilderLink) => void;
}) {
  return (
    <Table stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>Link</TableHead>
          <TableHead>Predicted channel</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.id}>
            <TableCell className="max-w-xl" data-primary>
              <p className="font-medium">
                {link.utmSource} / {link.utmMedium} · {link.utmCampaign}
              </p>
              <p className="truncate font-mono text-xs text-muted-foreground" title={link.url}>
                {link.url}
              </p>
            </TableCell>
            <TableCell data-label="Predicted channel">
              <Badge variant={link.predictedChannel === "Unassigned" ? "warning" : "secondary"}>
                {link.predictedChannel}
              </Badge>
            </TableCell>
            <TableCell className="text-sm" data-label="Created">
              {formatDateTime(link.createdAt)}
              {link.createdByName ? (
                <span className="block text-xs text-muted-foreground">{link.createdByName}</span>
              ) : null}
            </TableCell>
            <TableCell data-actions>
              <div className="flex justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Copy ${link.utmCampaign} link`}
                  onClick={() => copyToClipboard(link.url, "link")}
                >
                  <Copy aria-hidden />
                  Copy
                </Button>
                {link.canDelete ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${link.utmCampaign} link`}
                    onClick={() => onDelete(link)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The workspace's saved links, newest first, a page at a time. */
export function LinkHistory({ workspaceId }: { workspaceId: string }) {
  const [limit, setLimit] = useState(PAGE);
  const links = useLinks(workspaceId, limit);
  const [deleting, setDeleting] = useState<BuilderLink | null>(null);
  const remove = useDeleteLink(workspaceId, { onSuccess: () => setDeleting(null) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>Links saved by everyone in this workspace, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {links.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : links.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the link history: {errorMessage(links.error)}
          </p>
        ) : links.data.links.length === 0 ? (
          <EmptyState
            icon={History}
            title="No saved links yet"
            description="Links you save from the builder appear here for the whole team to reuse."
          />
        ) : (
          <>
            <LinksTable links={links.data.links} onDelete={setDeleting} />
            {links.data.total > links.data.links.length ? (
              <Button
                variant="outline"
                className="w-fit"
                disabled={links.isFetching}
                onClick={() => setLimit((current) => current + PAGE)}
              >
                Show more ({links.data.total - links.data.links.length} older)
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this link?"
        description="It is removed from the workspace's history. Links already in use keep working."
        confirmLabel="Delete link"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
