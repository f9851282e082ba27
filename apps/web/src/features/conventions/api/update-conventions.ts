import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConventionsResponseSchema, type UpdateConventionsRequest } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest } from "@/lib/api-client";
import { conventionsPath, conventionsQueryKey } from "@/lib/conventions";

/** Replaces the workspace's conventions; a refusal stays on the mutation for the card to show. */
export function useUpdateConventions(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConventionsRequest) =>
      apiRequest(conventionsPath(workspaceId), ConventionsResponseSchema, { method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(conventionsQueryKey(workspaceId), saved);
      toast.success("Naming conventions saved");
    },
  });
}
