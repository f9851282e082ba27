import { createHmac } from "node:crypto";
import type { GoogleEmulator } from "@utmost/google-emulator";
import type { Config } from "../../env.ts";
import {
  emulatorEndpoints,
  GOOGLE_ENDPOINTS,
  type GoogleEndpoints,
} from "../../integrations/google/endpoints.ts";

/** Where Google sends a browser back after "Continue with Google" (Better Auth's callback). */
export const GOOGLE_SIGN_IN_CALLBACK_PATH = "/api/auth/callback/google";

export interface GoogleSetup {
  /** The OAuth client this deployment is registered as. */
  client: { clientId: string; clientSecret: string };
  endpoints: GoogleEndpoints;
  /**
   * The stand-in mounted in this process (the embedded demo): its routes go on the app's own
   * server, so server-side calls to it loop back to the app's own address.
   */
  embedded?: GoogleEmulator;
}

/**
 * Resolves the configured Google (`env.ts` GoogleConfig) into a client and endpoints. The
 * stand-in is loaded only when it is used, so a production process never imports it.
 */
export async function setUpGoogle(config: Config): Promise<GoogleSetup | null> {
  const google = config.google;
  switch (google.kind) {
    case "disabled":
      return null;
    case "google":
      return {
        client: { clientId: google.clientId, clientSecret: google.clientSecret },
        endpoints: GOOGLE_ENDPOINTS,
      };
    case "emulator": {
      const { DEMO_CLIENT } = await import("@utmost/google-emulator");
      return {
        client: google.client ?? { ...DEMO_CLIENT },
        endpoints: emulatorEndpoints(google.url),
      };
    }
    case "embedded": {
      const { createGoogleEmulator, DEMO_CLIENT } = await import("@utmost/google-emulator");
      const embedded = createGoogleEmulator({
        publicUrl: google.url,
        clients: [
          {
            ...DEMO_CLIENT,
            redirectUris: [
              `${config.appUrl}${GOOGLE_SIGN_IN_CALLBACK_PATH}`,
              `${config.appUrl}/api/oauth/google/callback`,
            ],
          },
        ],
        // Refresh tokens the stand-in issued stay valid across restarts of the demo.
        secret: createHmac("sha256", config.appSecret)
          .update("google-emulator")
          .digest("base64url"),
        logger: false,
      });
      return { client: { ...DEMO_CLIENT }, endpoints: emulatorEndpoints(google.url), embedded };
    }
  }
}
