import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MeResponseSchema, type UpdateProfileRequest } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

export function updateProfile(body: UpdateProfileRequest) {
  return apiRequest("/api/me", MeResponseSchema, { method: "PATCH", body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      toast.success("Profile updated successfully");
    },
    onError: (error) =>
      toast.error("Failed to update profile", { description: errorMessage(error) }),
  });
}
