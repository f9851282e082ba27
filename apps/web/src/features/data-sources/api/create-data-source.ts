import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateDataSourceRequest, CreateDataSourceResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { dataSourceKeys } from "@/lib/data-sources";
import { workspacesQueryKey } from "@/lib/workspaces";

/** Save Analytics Property: creates the property and starts its first audit. */
export function createDataSource(request: CreateDataSourceRequest) {
  return apiRequest("/api/data-sources", CreateDataSourceResponseSchema, {
    method: "POST",
    body: request,
  });
}

export function useCreateDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataSource,
    onSuccess: () =>
      // Counts change everywhere, and `me` now says onboarding is complete (spec §4).
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.all }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
