import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCommand, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { dataSourceKeys } from "@/lib/data-sources";
import { workspacesQueryKey } from "@/lib/workspaces";

export function deleteDataSource(dataSourceId: string): Promise<void> {
  return apiCommand(`/api/data-sources/${encodeURIComponent(dataSourceId)}`, {
    method: "DELETE",
  });
}

export function useDeleteDataSource(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataSource,
    onSuccess: async () => {
      toast.success("Analytics property deleted");
      // The property count shows in the workspace card and the sidebar's plan card too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.all }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      options.onSuccess?.();
    },
    onError: (error) =>
      toast.error("Failed to delete analytics property", { description: errorMessage(error) }),
  });
}
