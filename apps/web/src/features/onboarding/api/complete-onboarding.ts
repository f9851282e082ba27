import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCommand, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { forgetOnboardingConnect, markOnboardingCompleted } from "@/lib/storage";

export function completeOnboarding(): Promise<void> {
  return apiCommand("/api/me/onboarding/complete", { method: "POST" });
}

/** The finish action of spec §4 (Skip and the final button both run it). */
export function useCompleteOnboarding(options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async () => {
      markOnboardingCompleted();
      // A connection started here but abandoned must not pull a later one back to onboarding.
      forgetOnboardingConnect();
      // The guard must see the new state before the next page, or it sends the user back here.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess();
    },
    onError: (error) =>
      toast.error("Failed to complete onboarding", { description: errorMessage(error) }),
  });
}
