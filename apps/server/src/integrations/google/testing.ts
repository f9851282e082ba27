import { type Auditor, type AuditRow, VIEW_DIMENSIONS, type View } from "@utmost/engine";
import { consentDecision } from "@utmost/google-emulator";
import type { FactRow } from "@utmost/google-emulator/synthetic";
import { REFERRER_TRACKING_PARAMS } from "../../modules/scans/scan-plan.ts";
import {
  createOAuthState,
  createPkcePair,
  type GoogleOAuthClient,
  type GoogleTokens,
} from "./oauth-client.ts";

/**
 * Test support for code that talks to Google through the emulator over HTTP: the consent step
 * answered the way a browser would, and the whole connect flow without a browser.
 */

/**
 * Opens the consent page at an authorization URL, picks `email` (or the preselected account),
 * presses Allow or Deny and returns where the emulator redirects: the redirect URI with `code`
 * and `state`, or with `error=access_denied`.
 */
export { consentDecision };

export interface ConnectOptions {
  oauth: GoogleOAuthClient;
  /** A loopback URI: the demo client accepts any. */
  redirectUri?: string;
  scopes: readonly string[];
  email?: string;
  /** Optional scopes left ticked on the consent page (granular consent, §1.3); all by default. */
  ticked?: readonly string[];
}

/**
 * The whole connect flow against the emulator: consent URL, Allow, code exchange with PKCE.
 * Returns the tokens the app would store.
 */
export async function connectWithEmulator(options: ConnectOptions): Promise<GoogleTokens> {
  const redirectUri = options.redirectUri ?? "http://127.0.0.1:3000/oauth/callback";
  const pkce = createPkcePair();
  const state = createOAuthState();
  const url = options.oauth.authorizationUrl({
    redirectUri,
    scopes: options.scopes,
    state,
    codeChallenge: pkce.challenge,
    loginHint: options.email,
  });
  const location = await consentDecision(url, {
    decision: "allow",
    ...(options.email ? { email: options.email } : {}),
    ...(options.ticked ? { scopes: options.ticked } : {}),
  });
  const { code } = options.oauth.readAuthorizationResponse(new URL(location).searchParams, state);
  return options.oauth.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
}

/** A stand-in fact row as a scan hands it to the engine: the dimensions the engine reads. */
export function toAuditRow(row: FactRow): AuditRow {
  return {
    sessionSource: row.sessionSource,
    sessionMedium: row.sessionMedium,
    sessionCampaignName: row.sessionCampaignName,
    sessionDefaultChannelGroup: row.sessionDefaultChannelGroup,
    sessionManualSource: row.sessionManualSource,
    sessionManualMedium: row.sessionManualMedium,
    sessionManualCampaignName: row.sessionManualCampaignName,
    sessionManualCampaignId: row.sessionManualCampaignId,
    sessionManualTerm: row.sessionManualTerm,
    sessionManualAdContent: row.sessionManualAdContent,
    landingPagePlusQueryString: row.landingPagePlusQueryString,
    pageReferrer: row.pageReferrer,
    date: row.date,
    sessions: row.sessions,
    keyEvents: row.keyEvents,
  };
}

const isNotSet = (value: string) => value === "(not set)" || value === "";

/**
 * A stand-in fact row as Google answers a scan's three reports (scan-plan.ts), worked out from
 * the fact row alone: every session in the ledger; in `details` when it carries a utm_id,
 * utm_term or utm_content, or a utm_source without a utm_campaign; in `referrers`, under its
 * session_start referrer, when it has a manual source or UTMs on its landing page.
 */
export function addToViews(auditor: Pick<Auditor, "add">, row: FactRow): void {
  const add = (view: View, metrics: { sessions: number; keyEvents?: number }) => {
    const values: Record<string, string | number> = { ...metrics };
    for (const dimension of VIEW_DIMENSIONS[view]) values[dimension] = row[dimension];
    auditor.add(values as AuditRow, view);
  };
  add("sessions", { sessions: row.sessions, keyEvents: row.keyEvents });
  if (
    !isNotSet(row.sessionManualCampaignId) ||
    !isNotSet(row.sessionManualTerm) ||
    !isNotSet(row.sessionManualAdContent) ||
    (!isNotSet(row.sessionManualSource) && isNotSet(row.sessionManualCampaignName))
  ) {
    add("details", { sessions: row.sessions, keyEvents: row.keyEvents });
  }
  if (
    !isNotSet(row.sessionManualSource) ||
    /utm_/i.test(row.landingPagePlusQueryString) ||
    REFERRER_TRACKING_PARAMS.some((param) => row.pageReferrer.toLowerCase().includes(param))
  ) {
    add("referrers", { sessions: row.sessions });
  }
}
