import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import {
  auditScans,
  dataSources,
  issueOccurrences,
  users,
  utmIssues,
  workspaces,
} from "../db/schema.ts";
import type { Config } from "../env.ts";
import {
  createGoogleOAuthClient,
  createOAuthState,
  createPkcePair,
} from "../integrations/google/index.ts";
import { createAppTokenCipher } from "../lib/token-cipher.ts";
import type { GoogleSetup } from "../modules/google/google-setup.ts";
import { GOOGLE_CONNECT_SCOPES } from "../modules/google-connect/connect-google.ts";
import { insertRunningScan } from "../modules/scans/scans.repository.ts";
import { runScan } from "../modules/scans/scans.service.ts";
import { DEMO_LOGIN } from "./demo.ts";

/** The stand-in's test Google account that consents, and the property it connects. */
const DEMO_GOOGLE_ACCOUNT = "alex.morgan@gmail.com";
const DEMO_PROFILE = "agency-client";
/** A scan a week for the last few weeks, oldest first: the report has a history at once. */
const HISTORY_DAYS_AGO = [21, 14, 7, 0] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded demo's ready-made report (issue: `npm start` shows a real report at once): the
 * demo user's workspace gets a demo property connected through the Google stand-in, as a person
 * would connect it, with a scan a week for a few weeks. Runs once, after the server listens,
 * because the stand-in it talks to is served by this process.
 */
export async function seedDemoProperty(deps: {
  db: Db;
  config: Config;
  google: GoogleSetup | null;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => Date;
}): Promise<void> {
  const { db, config, google, logger } = deps;
  // Only against the stand-in: real Google has no demo account to consent with.
  if (!google || (config.google.kind !== "embedded" && config.google.kind !== "emulator")) return;
  const [workspace] = await db
    .select({ id: workspaces.id, ownerId: workspaces.ownerId })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(users.email, DEMO_LOGIN.email))
    .limit(1);
  if (!workspace) return;
  const existing = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(eq(dataSources.workspaceId, workspace.id))
    .limit(1);
  if (existing.length > 0) return;

  const { consentDecision } = await import("@utmost/google-emulator");
  const { PROFILES } = await import("@utmost/google-emulator/synthetic");
  const profile = PROFILES[DEMO_PROFILE];

  // Consent as the demo Google account would give it, through the stand-in's consent page.
  const oauth = createGoogleOAuthClient({
    endpoints: google.endpoints,
    clientId: google.client.clientId,
    clientSecret: google.client.clientSecret,
  });
  const redirectUri = `${config.appUrl}/api/oauth/google/callback`;
  const pkce = createPkcePair();
  const state = createOAuthState();
  const location = await consentDecision(
    oauth.authorizationUrl({
      redirectUri,
      scopes: GOOGLE_CONNECT_SCOPES,
      state,
      codeChallenge: pkce.challenge,
      loginHint: DEMO_GOOGLE_ACCOUNT,
    }),
    { email: DEMO_GOOGLE_ACCOUNT, decision: "allow" },
  );
  const { code } = oauth.readAuthorizationResponse(new URL(location).searchParams, state);
  const tokens = await oauth.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });

  const cipher = createAppTokenCipher(config);
  const [dataSource] = await db
    .insert(dataSources)
    .values({
      workspaceId: workspace.id,
      connectedByUserId: workspace.ownerId,
      name: profile.displayName,
      ga4PropertyId: profile.propertyId,
      ga4AccountName: "Brightside Agency",
      accessTokenEncrypted: cipher.encrypt(tokens.accessToken),
      refreshTokenEncrypted: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresAt,
      tokenScopes: [...tokens.scopes].join(" "),
    })
    .onConflictDoNothing()
    .returning();
  if (!dataSource) return;

  const now = deps.now ?? (() => new Date());
  for (const daysAgo of HISTORY_DAYS_AGO) {
    const at = new Date(now().getTime() - daysAgo * DAY_MS);
    const scan = await insertRunningScan(db, {
      id: randomUUID(),
      dataSourceId: dataSource.id,
      scanType: "scheduled",
      requestedByUserId: null,
    });
    if (!scan) return;
    await runScan({ db, google, cipher, now: () => at, logger }, scan.id, {
      signal: new AbortController().signal,
      finalAttempt: true,
    });
    await backdate(db, scan.id, at);
  }
  await db
    .update(utmIssues)
    .set({
      firstDetectedAt: sql`(select min(${issueOccurrences.detectedAt}) from ${issueOccurrences} where ${issueOccurrences.issueId} = ${utmIssues.id})`,
      lastDetectedAt: sql`(select max(${issueOccurrences.detectedAt}) from ${issueOccurrences} where ${issueOccurrences.issueId} = ${utmIssues.id})`,
    })
    .where(eq(utmIssues.dataSourceId, dataSource.id));
  logger.info({ dataSourceId: dataSource.id }, "demo property connected with scan history");
}

/** Moves a seeded scan and what it detected to the day it stands for. */
async function backdate(db: Db, scanId: string, at: Date): Promise<void> {
  await db
    .update(auditScans)
    .set({ createdAt: at, startedAt: at, completedAt: new Date(at.getTime() + 20_000) })
    .where(and(eq(auditScans.id, scanId), inArray(auditScans.status, ["completed", "failed"])));
  await db
    .update(issueOccurrences)
    .set({ detectedAt: at })
    .where(eq(issueOccurrences.scanId, scanId));
}
