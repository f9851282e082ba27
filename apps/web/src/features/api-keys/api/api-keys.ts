import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ApiKey,
  ApiKeyListResponseSchema,
  type CreateApiKeyRequest,
  CreateApiKeyResponseSchema,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";

/** Workspace API keys for the public API (ADR 012). */

const keysPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/api-keys`;

export const apiKeysQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "api-keys"] as const;

/** The workspace's keys, newest first, revoked ones included. */
export function useApiKeys(workspaceId: string) {
  return useQuery(
    queryOptions({
      queryKey: apiKeysQueryKey(workspaceId),
      queryFn: () => apiRequest(keysPath(workspaceId), ApiKeyListResponseSchema),
      select: (data) => data.apiKeys,
    }),
  );
}

/** Makes a key; `onSuccess` gets the key itself, which the server never shows again. */
export function useCreateApiKey(
  workspaceId: string,
  options: { onSuccess: (key: string) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiRequest(keysPath(workspaceId), CreateApiKeyResponseSchema, { method: "POST", body }),
    onSuccess: async ({ key }) => {
      toast.success("API key created");
      options.onSuccess(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to create API key: ${errorMessage(error)}`),
  });
}

export function useRevokeApiKey(workspaceId: string, options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: ApiKey) =>
      apiCommand(`/api/api-keys/${encodeURIComponent(apiKey.id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      toast.success("API key revoked");
      options.onSuccess();
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to revoke API key: ${errorMessage(error)}`),
  });
}
