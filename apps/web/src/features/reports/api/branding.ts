import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Branding,
  BrandingResponseSchema,
  type UpdateBrandingRequest,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";

/** The white-label report branding API (issue 10): name, colour and logo of a workspace. */

const brandingPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/branding`;

/** The logo's URL; `version` (the branding's updatedAt) makes a new upload show at once. */
export function brandLogoUrl(workspaceId: string, version: string | null): string {
  return `${brandingPath(workspaceId)}/logo${version ? `?v=${encodeURIComponent(version)}` : ""}`;
}

export const brandingQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "branding"] as const;

export function useBranding(workspaceId: string, options: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: brandingQueryKey(workspaceId),
      queryFn: () => apiRequest(brandingPath(workspaceId), BrandingResponseSchema),
      select: (data) => data.branding,
      enabled: options.enabled,
    }),
  );
}

function useStoreBranding(workspaceId: string) {
  const queryClient = useQueryClient();
  return (branding: Branding) =>
    queryClient.setQueryData(brandingQueryKey(workspaceId), { branding });
}

export function useUpdateBranding(workspaceId: string) {
  const store = useStoreBranding(workspaceId);
  return useMutation({
    mutationFn: (body: UpdateBrandingRequest) =>
      apiRequest(brandingPath(workspaceId), BrandingResponseSchema, { method: "PUT", body }),
    onSuccess: ({ branding }) => {
      store(branding);
      toast.success("Report branding saved");
    },
    onError: (error) => toast.error(`Failed to save report branding: ${errorMessage(error)}`),
  });
}

export function useUploadBrandLogo(workspaceId: string) {
  const store = useStoreBranding(workspaceId);
  return useMutation({
    mutationFn: (dataUrl: string) =>
      apiRequest(`${brandingPath(workspaceId)}/logo`, BrandingResponseSchema, {
        method: "PUT",
        body: { dataUrl },
      }),
    onSuccess: ({ branding }) => {
      store(branding);
      toast.success("Logo uploaded");
    },
    onError: (error) => toast.error(`Failed to upload the logo: ${errorMessage(error)}`),
  });
}

export function useRemoveBrandLogo(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCommand(`${brandingPath(workspaceId)}/logo`, { method: "DELETE" }),
    onSuccess: async () => {
      toast.success("Logo removed");
      await queryClient.invalidateQueries({ queryKey: brandingQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to remove the logo: ${errorMessage(error)}`),
  });
}
