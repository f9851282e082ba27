import { useMutation } from "@tanstack/react-query";
import {
  type GoogleOAuthInitRequest,
  type GoogleOAuthInitResponse,
  GoogleOAuthInitResponseSchema,
} from "@utmost/contracts";
import { apiRequest } from "./api-client";
import { forgetReconnect, rememberReconnect } from "./storage";

/**
 * Spec §7 google-oauth-init: the Google consent URL for connecting a property to the workspace,
 * or for reconnecting `dataSourceId`. Shared by the connect page, the property table, the health
 * report's expired-authentication alert and onboarding.
 */
export function startGoogleOAuth(
  request: GoogleOAuthInitRequest,
): Promise<GoogleOAuthInitResponse> {
  return apiRequest("/api/oauth/google/init", GoogleOAuthInitResponseSchema, {
    method: "POST",
    body: request,
  });
}

export function useStartGoogleOAuth(options: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: startGoogleOAuth,
    // Every trip to Google starts here, so the last one started says whether it was a reconnect.
    onMutate: (request) => (request.dataSourceId ? rememberReconnect() : forgetReconnect()),
    onSuccess: ({ oauthUrl }) => window.location.assign(oauthUrl),
    onError: options.onError,
  });
}
