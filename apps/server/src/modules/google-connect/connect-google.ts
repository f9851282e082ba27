import { GA4_READONLY_SCOPE, type GoogleAccountSummary } from "@utmost/contracts";
import {
  createGoogleAdminClient,
  createGoogleOAuthClient,
  createGoogleSession,
  type GoogleOAuthClient,
  type GoogleTokens,
  type StoredGoogleTokens,
} from "../../integrations/google/index.ts";
import type { GoogleSetup } from "../google/google-setup.ts";

/** Where Google sends the browser back after a connect consent (registered with the client). */
export const GOOGLE_CONNECT_CALLBACK_PATH = "/api/oauth/google/callback";

/**
 * Spec §4 connect flow: identify the Google account and read GA4. No `profile`: the name and
 * picture are not needed to audit a property.
 */
export const GOOGLE_CONNECT_SCOPES = ["openid", "email", GA4_READONLY_SCOPE] as const;

/**
 * Proto3 JSON leaves an enum out when it holds its default (ga4-protocol.md §0), and the default
 * of `PropertyType` is PROPERTY_TYPE_UNSPECIFIED.
 */
const DEFAULT_PROPERTY_TYPE = "PROPERTY_TYPE_UNSPECIFIED";

/** What the connect flow needs from Google, on the deployment's OAuth client. */
export interface ConnectGoogle {
  oauth: GoogleOAuthClient;
  redirectUri: string;
  /** Every account and property the grant can see (Admin API accountSummaries, all pages). */
  listAccounts(
    tokens: StoredGoogleTokens,
    onTokensRefreshed?: (tokens: GoogleTokens) => Promise<void>,
  ): Promise<GoogleAccountSummary[]>;
}

export function createConnectGoogle(google: GoogleSetup, appUrl: string): ConnectGoogle {
  const oauth = createGoogleOAuthClient({
    endpoints: google.endpoints,
    clientId: google.client.clientId,
    clientSecret: google.client.clientSecret,
    // A person is waiting on each of these calls: give up well before a browser would.
    timeoutMs: 15_000,
    retry: { maxAttempts: 3, maxTotalDelayMs: 3_000 },
  });
  return {
    oauth,
    redirectUri: `${appUrl}${GOOGLE_CONNECT_CALLBACK_PATH}`,
    async listAccounts(tokens, onTokensRefreshed) {
      const session = createGoogleSession({ oauth, tokens, onTokensRefreshed });
      const admin = createGoogleAdminClient({
        session,
        baseUrl: google.endpoints.adminApiBaseUrl,
        timeoutMs: 15_000,
        retry: { maxAttempts: 3, maxTotalDelayMs: 3_000 },
      });
      const summaries = await admin.listAccountSummaries();
      return summaries.map((account) => ({
        displayName: account.displayName,
        propertySummaries: account.propertySummaries.map((property) => ({
          property: property.property,
          displayName: property.displayName,
          propertyType: property.propertyType ?? DEFAULT_PROPERTY_TYPE,
        })),
      }));
    },
  };
}

/** The account and property named `properties/{id}`, if the grant can see it. */
export function findProperty(
  accounts: readonly GoogleAccountSummary[],
  property: string,
): { accountName: string; propertyName: string } | undefined {
  for (const account of accounts) {
    const found = account.propertySummaries.find((summary) => summary.property === property);
    if (found) return { accountName: account.displayName, propertyName: found.displayName };
  }
  return undefined;
}
