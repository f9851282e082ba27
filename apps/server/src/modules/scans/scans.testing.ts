import { DEMO_CLIENT } from "@utmost/google-emulator";
import { PROFILES, type ProfileKey } from "@utmost/google-emulator/synthetic";
import type { Db } from "../../db/client.ts";
import { dataSources } from "../../db/schema.ts";
import type { Config } from "../../env.ts";
import {
  createGoogleOAuthClient,
  emulatorEndpoints,
  GOOGLE_OAUTH_SCOPES,
} from "../../integrations/google/index.ts";
import { connectWithEmulator } from "../../integrations/google/testing.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import type { DataSourceRow } from "../data-sources/data-sources.access.ts";

/**
 * Test and benchmark support: a property connected the way the connect flow leaves it (tokens
 * from the Google stand-in's consent, sealed with the app's key), written straight to the
 * database so scans can be tested without the connect routes.
 */

export async function connectEmulatorProperty(input: {
  db: Db;
  config: Pick<Config, "appSecret" | "previousAppSecrets">;
  /** Where the stand-in listens (in this process or another). */
  emulatorUrl: string;
  workspaceId: string;
  userId: string;
  profileKey: ProfileKey;
  /** The Google account that consents; Alex Morgan sees every demo property. */
  email?: string;
  /** The stand-in's clock, so token expiry agrees with it. */
  now?: () => Date;
}): Promise<DataSourceRow> {
  const profile = PROFILES[input.profileKey];
  const oauth = createGoogleOAuthClient({
    endpoints: emulatorEndpoints(input.emulatorUrl),
    ...DEMO_CLIENT,
    now: input.now,
  });
  const tokens = await connectWithEmulator({
    oauth,
    scopes: GOOGLE_OAUTH_SCOPES,
    email: input.email ?? "alex.morgan@gmail.com",
  });
  const cipher = createAppTokenCipher(input.config);
  const [row] = await input.db
    .insert(dataSources)
    .values({
      workspaceId: input.workspaceId,
      connectedByUserId: input.userId,
      name: profile.displayName,
      ga4PropertyId: profile.propertyId,
      accessTokenEncrypted: cipher.encrypt(tokens.accessToken),
      refreshTokenEncrypted: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresAt,
      tokenScopes: [...tokens.scopes].sort().join(" "),
    })
    .returning();
  if (!row) throw new Error("data source insert returned no row");
  return row;
}
