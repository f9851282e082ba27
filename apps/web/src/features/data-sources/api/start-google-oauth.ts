import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

// Mirrors the server's answer until the connect flow's schemas join `@utmost/contracts`.
const GoogleOAuthInitResponseSchema = z.object({ oauthUrl: z.url() });

/** Spec §7 google-oauth-init: returns the Google consent URL to send the browser to. */
export function startGoogleOAuth(workspaceId: string): Promise<{ oauthUrl: string }> {
  return apiRequest("/api/oauth/google/init", GoogleOAuthInitResponseSchema, {
    method: "POST",
    body: { workspaceId },
  });
}

export function useStartGoogleOAuth(options: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: startGoogleOAuth,
    onSuccess: ({ oauthUrl }) => window.location.assign(oauthUrl),
    onError: options.onError,
  });
}
