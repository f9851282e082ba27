import type { DataSource } from "@utmost/contracts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteDataSource } from "../api/delete-data-source";

/** The confirmation before a property and its audit history are deleted. */
export function DeletePropertyDialog({
  dataSource,
  onClose,
}: {
  dataSource: DataSource | null;
  onClose: () => void;
}) {
  const remove = useDeleteDataSource({ onSuccess: onClose });
  return (
    <AlertDialog
      open={dataSource !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete analytics property?</AlertDialogTitle>
          <AlertDialogDescription>
            {dataSource?.name ?? "This property"} and its audits and issues will be removed from
            Utmost. Your Google Analytics data is not changed.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers; success closes it, failure leaves it to retry.
              event.preventDefault();
              if (dataSource) remove.mutate(dataSource.id);
            }}
          >
            {remove.isPending ? <Spinner /> : null}
            Delete Property
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
