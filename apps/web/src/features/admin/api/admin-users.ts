import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminSubscriptionUpdate,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { workspacesQueryKey } from "@/lib/workspaces";
import { adminStatsQueryKey } from "./admin-stats";
import { adminWorkspacesQueryKey } from "./admin-workspaces";

export const adminUsersQueryKey = ["admin", "users"] as const;

/** Every user with roles and subscription (spec §6). */
export function useAdminUsers() {
  return useQuery(
    queryOptions({
      queryKey: adminUsersQueryKey,
      queryFn: () => apiRequest("/api/admin/users", AdminUsersResponseSchema),
      select: (data) => data.users,
    }),
  );
}

/** Spec §5 "Admin edit": a user's tier and property limit, with the spec §8 toasts. */
export function useUpdateSubscription(options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AdminSubscriptionUpdate }) =>
      apiRequest(
        `/api/admin/users/${encodeURIComponent(userId)}/subscription`,
        AdminUserResponseSchema,
        { method: "PATCH", body },
      ),
    onSuccess: async () => {
      toast.success("Subscription updated successfully");
      options.onSuccess();
      // The plan mix, suspended or restored properties, and the admin's own plan if it changed.
      const stale = [
        adminUsersQueryKey,
        adminStatsQueryKey,
        adminWorkspacesQueryKey,
        meQueryKey,
        workspacesQueryKey,
      ];
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast.error(`Failed to update subscription: ${errorMessage(error)}`),
  });
}
