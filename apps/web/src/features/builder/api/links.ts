import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type BuilderLink,
  BuilderLinkListResponseSchema,
  BuilderLinkResponseSchema,
  type CreateBuilderLinkRequest,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";

/** The link builder's history (ADR 012). */

const linksPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/links`;

export const linksQueryKey = (workspaceId: string) => ["workspaces", workspaceId, "links"] as const;

/** The newest `limit` links and how many there are in all. */
export function useLinks(workspaceId: string, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...linksQueryKey(workspaceId), limit],
      queryFn: () =>
        apiRequest(`${linksPath(workspaceId)}?limit=${limit}`, BuilderLinkListResponseSchema),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Saves a link; a refusal (a convention broken) stays on the mutation for the form to show. */
export function useCreateLink(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBuilderLinkRequest) =>
      apiRequest(linksPath(workspaceId), BuilderLinkResponseSchema, { method: "POST", body }),
    onSuccess: async () => {
      toast.success("Link saved to history");
      await queryClient.invalidateQueries({ queryKey: linksQueryKey(workspaceId) });
    },
  });
}

export function useDeleteLink(workspaceId: string, options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: BuilderLink) =>
      apiCommand(`/api/links/${encodeURIComponent(link.id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      toast.success("Link deleted");
      options.onSuccess();
      await queryClient.invalidateQueries({ queryKey: linksQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to delete the link: ${errorMessage(error)}`),
  });
}
