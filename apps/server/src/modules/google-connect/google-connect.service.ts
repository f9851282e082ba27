import {
  type CreateDataSourceRequest,
  type CreateDataSourceResponse,
  DEFAULT_DATA_SOURCE_LIMIT,
  type GoogleAccountSummary,
  type GoogleConnectionResponse,
  type GoogleOAuthCallbackQuery,
  type GoogleOAuthInitRequest,
  type Scan,
} from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import {
  createPkcePair,
  type GoogleTokens,
  hasAnalyticsScope,
  isGoogleError,
} from "../../integrations/google/index.ts";
import { AppError } from "../../lib/errors.ts";
import { type TokenCipher, TokenCipherError } from "../../lib/token-cipher.ts";
import { requireDataSource, requireEveryProperty } from "../data-sources/data-sources.access.ts";
import { toDataSource } from "../data-sources/data-sources.mapper.ts";
import * as dataSources from "../data-sources/data-sources.repository.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { firstWorkspaceId, requireMembership } from "../workspaces/workspaces.service.ts";
import { type ConnectGoogle, findProperty, GOOGLE_CONNECT_SCOPES } from "./connect-google.ts";
import * as repo from "./google-connect.repository.ts";
import {
  newOAuthState,
  OAUTH_STATE_TTL_MS,
  openOAuthState,
  sealOAuthState,
} from "./oauth-state.ts";

/**
 * Spec §4 connect flow, with the tokens kept on the server between the callback and the save
 * (ADR 007): init gives the consent URL; the callback stores the grant under a short-lived,
 * single-use handle (or updates the property, for a reconnect); the picker lists the handle's
 * properties; the save spends the handle on one property and starts its first audit.
 */

/** ADR 007: long enough to pick a property, short enough that a forgotten handle soon dies. */
export const CONNECTION_TTL_MS = 15 * 60 * 1000;

const HANDLE_GONE = "This Google authorization has expired. Please authorize again.";
const LOAD_FAILED = "Failed to load Google Analytics properties";

export interface ConnectDeps {
  db: Db;
  cipher: TokenCipher;
  /** Null when this deployment has no Google. */
  google: ConnectGoogle | null;
  scanStarter: ScanStarter | undefined;
  log: Pick<FastifyBaseLogger, "warn">;
}

function requireGoogle(google: ConnectGoogle | null): ConnectGoogle {
  if (!google) {
    throw new AppError(
      "GOOGLE_NOT_CONFIGURED",
      "Connecting Google Analytics is not set up on this server",
    );
  }
  return google;
}

/** `POST /api/oauth/google/init`. */
export async function startConsent(
  deps: ConnectDeps,
  userId: string,
  request: GoogleOAuthInitRequest,
): Promise<string> {
  const google = requireGoogle(deps.google);
  const workspaceId = request.workspaceId ?? (await firstWorkspaceId(deps.db, userId));
  await requireMembership(deps.db, workspaceId, userId);
  if (request.dataSourceId) {
    const dataSource = await requireDataSource(deps.db, request.dataSourceId, userId);
    if (dataSource.workspaceId !== workspaceId) {
      throw new AppError("NOT_FOUND", "Analytics property not found");
    }
  } else {
    await requireEveryProperty(deps.db, workspaceId, userId, ADD_NEEDS_EVERY_PROPERTY);
    // Spec §5: adding is blocked at the limit; say so before the trip to Google.
    await requireRoom(deps.db, workspaceId, { lock: false });
  }
  const pkce = createPkcePair();
  const state = newOAuthState({
    userId,
    workspaceId,
    dataSourceId: request.dataSourceId,
    codeVerifier: pkce.verifier,
    now: new Date(),
  });
  return google.oauth.authorizationUrl({
    redirectUri: google.redirectUri,
    scopes: GOOGLE_CONNECT_SCOPES,
    state: sealOAuthState(deps.cipher, state),
    codeChallenge: pkce.challenge,
    accessType: "offline",
    prompt: "consent",
  });
}

/** A refusal the callback turns into `?error=`: its message is shown as is. */
class ConsentFailure extends Error {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super(message);
    this.name = "ConsentFailure";
    this.reason = reason;
  }
}

/**
 * `GET /api/oauth/google/callback`: where to send the browser next. Never throws: every failure
 * becomes `/connect-data-source?error=<message>`, where the page shows 'Authorization failed'.
 */
export async function completeConsent(
  deps: ConnectDeps,
  userId: string,
  query: GoogleOAuthCallbackQuery,
): Promise<string> {
  try {
    const outcome = await acceptConsent(deps, userId, query);
    return outcome.kind === "connected"
      ? `/connect-data-source?connection=${outcome.connectionId}`
      : `/data-sources?reconnected=${outcome.dataSourceId}`;
  } catch (error) {
    const { reason, message } = describeFailure(error);
    // The reason only: Google's own messages and the query never reach the log (tokens, codes).
    deps.log.warn({ reason }, "Google Analytics authorization failed");
    return `/connect-data-source?error=${encodeURIComponent(message)}`;
  }
}

type ConsentOutcome =
  | { kind: "connected"; connectionId: string }
  | { kind: "reconnected"; dataSourceId: string };

async function acceptConsent(
  deps: ConnectDeps,
  userId: string,
  query: GoogleOAuthCallbackQuery,
): Promise<ConsentOutcome> {
  const google = requireGoogle(deps.google);
  const now = new Date();
  const opened = openOAuthState(deps.cipher, query.state, now);
  if (!opened.ok) {
    throw opened.reason === "expired"
      ? new ConsentFailure("state-expired", "The authorization request expired. Please try again.")
      : new ConsentFailure("state-invalid", "Invalid authorization request. Please try again.");
  }
  const state = opened.state;
  if (state.userId !== userId) {
    throw new ConsentFailure(
      "state-other-user",
      "Invalid authorization request. Please try again.",
    );
  }
  const forgetBefore = new Date(now.getTime() - OAUTH_STATE_TTL_MS);
  if (!(await repo.consumeNonce(deps.db, state.nonce, forgetBefore))) {
    throw new ConsentFailure(
      "state-replayed",
      "This authorization request was already used. Please try again.",
    );
  }

  // Throws GOOGLE_ACCESS_DENIED for ?error=access_denied; the state was checked above.
  const { code } = google.oauth.readAuthorizationResponse(
    { code: query.code, error: query.error, state: query.state },
    query.state ?? "",
  );
  // Access may have changed during the consent: check it before spending the code.
  await requireMembership(deps.db, state.workspaceId, userId);
  const reconnecting = state.dataSourceId
    ? await requireDataSource(deps.db, state.dataSourceId, userId)
    : undefined;
  if (reconnecting && reconnecting.workspaceId !== state.workspaceId) {
    throw new AppError("NOT_FOUND", "Analytics property not found");
  }

  const tokens = await google.oauth.exchangeCode({
    code,
    redirectUri: google.redirectUri,
    codeVerifier: state.codeVerifier,
  });
  if (!hasAnalyticsScope(tokens.scopes)) {
    throw new ConsentFailure("scope-missing", "Google Analytics access was not granted");
  }
  if (!tokens.refreshToken) {
    // Scheduled scans run with nobody present; without a refresh token they stop within the hour.
    throw new ConsentFailure(
      "no-refresh-token",
      "Google did not grant offline access. Please try again.",
    );
  }
  const sealed = sealTokens(deps.cipher, tokens, tokens.refreshToken);

  if (reconnecting) {
    // A grant from a Google account without this property would only fail at the next scan.
    const accounts = await google.listAccounts(tokens);
    if (!findProperty(accounts, `properties/${reconnecting.ga4PropertyId}`)) {
      throw new ConsentFailure(
        "property-not-visible",
        "This Google account cannot access the Analytics property",
      );
    }
    await repo.reconnectDataSource(deps.db, reconnecting.id, sealed);
    return { kind: "reconnected", dataSourceId: reconnecting.id };
  }

  const connection = await repo.insertConnection(
    deps.db,
    {
      ...sealed,
      userId,
      workspaceId: state.workspaceId,
      expiresAt: new Date(now.getTime() + CONNECTION_TTL_MS),
    },
    new Date(now.getTime() - CONNECTION_TTL_MS),
  );
  return { kind: "connected", connectionId: connection.id };
}

function describeFailure(error: unknown): { reason: string; message: string } {
  if (error instanceof ConsentFailure) return { reason: error.reason, message: error.message };
  if (error instanceof AppError) return { reason: error.code, message: error.message };
  if (isGoogleError(error, "GOOGLE_ACCESS_DENIED")) {
    return { reason: error.code, message: "Google Analytics access was denied" };
  }
  if (isGoogleError(error)) {
    return { reason: error.code, message: "Google authorization failed. Please try again." };
  }
  // Only the class: a database error's message would carry the query's parameters.
  const name = error instanceof Error ? error.name : typeof error;
  return { reason: `unexpected ${name}`, message: "Authorization failed. Please try again." };
}

function sealTokens(
  cipher: TokenCipher,
  tokens: GoogleTokens,
  refreshToken: string,
): repo.SealedTokens {
  return {
    accessTokenEncrypted: cipher.encrypt(tokens.accessToken),
    refreshTokenEncrypted: cipher.encrypt(refreshToken),
    tokenExpiresAt: tokens.expiresAt,
    tokenScopes: [...tokens.scopes].sort().join(" "),
  };
}

/** The handle, if it is this user's, unused and unexpired; otherwise it is simply gone (404). */
function requireUsable(
  connection: repo.GoogleConnectionRow | undefined,
  userId: string,
): repo.GoogleConnectionRow {
  if (
    !connection ||
    connection.userId !== userId ||
    connection.usedAt !== null ||
    connection.expiresAt.getTime() <= Date.now()
  ) {
    throw new AppError("NOT_FOUND", HANDLE_GONE);
  }
  return connection;
}

/** The handle's accounts and properties, read with its tokens (refreshed ones kept). */
async function handleAccounts(
  deps: ConnectDeps,
  google: ConnectGoogle,
  connection: repo.GoogleConnectionRow,
): Promise<GoogleAccountSummary[]> {
  let accessToken: string;
  let refreshToken: string | undefined;
  try {
    accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted);
    refreshToken = connection.refreshTokenEncrypted
      ? deps.cipher.decrypt(connection.refreshTokenEncrypted)
      : undefined;
  } catch (error) {
    // Sealed under a key this server no longer holds (APP_SECRET changed): authorize again.
    if (error instanceof TokenCipherError) throw new AppError("NOT_FOUND", HANDLE_GONE);
    throw error;
  }
  try {
    return await google.listAccounts(
      { accessToken, refreshToken, expiresAt: connection.tokenExpiresAt },
      async (fresh) => {
        await repo.updateConnectionTokens(deps.db, connection.id, {
          accessTokenEncrypted: deps.cipher.encrypt(fresh.accessToken),
          tokenExpiresAt: fresh.expiresAt,
        });
      },
    );
  } catch (error) {
    if (isGoogleError(error)) {
      deps.log.warn({ reason: error.code }, "listing Google Analytics properties failed");
      throw new AppError("GOOGLE_REQUEST_FAILED", LOAD_FAILED);
    }
    throw error;
  }
}

/** `GET /api/oauth/google/connections/:connectionId`: the property picker. */
export async function listConnectionAccounts(
  deps: ConnectDeps,
  userId: string,
  connectionId: string,
): Promise<GoogleConnectionResponse> {
  const google = requireGoogle(deps.google);
  const connection = requireUsable(await repo.findConnection(deps.db, connectionId), userId);
  await requireMembership(deps.db, connection.workspaceId, userId);
  const accounts = await handleAccounts(deps, google, connection);
  return { workspaceId: connection.workspaceId, accounts };
}

/**
 * Spec §5: a workspace's properties count against its owner's plan. `lock` holds the owner's
 * subscription row until the transaction ends, so saves racing for the last slot take turns and
 * the second sees the first's property (the count follows by trigger, migration 0003).
 */
async function requireRoom(db: Db, workspaceId: string, options: { lock: boolean }) {
  const ownerId = await dataSources.findWorkspaceOwner(db, workspaceId);
  if (!ownerId) throw new AppError("NOT_FOUND", "Workspace not found");
  if (options.lock) await dataSources.ensureSubscription(db, ownerId);
  const plan = await dataSources.ownerPlan(db, ownerId, options);
  const limit = plan?.limit ?? DEFAULT_DATA_SOURCE_LIMIT;
  if ((plan?.used ?? 0) >= limit) {
    throw new AppError("DATA_SOURCE_LIMIT_REACHED", "Analytics property limit reached");
  }
}

const ALREADY_CONNECTED = "This Analytics property is already connected";
/** A member limited to chosen properties would not see what they add (ADR 024). */
const ADD_NEEDS_EVERY_PROPERTY =
  "Your access is limited to chosen properties: ask the workspace owner or an admin to add this one";

/** `POST /api/data-sources` (Save Analytics Property). */
export async function saveDataSource(
  deps: ConnectDeps,
  userId: string,
  request: CreateDataSourceRequest,
): Promise<CreateDataSourceResponse> {
  const google = requireGoogle(deps.google);
  const connection = requireUsable(
    await repo.findConnection(deps.db, request.connectionId),
    userId,
  );
  const workspaceId = connection.workspaceId;
  await requireMembership(deps.db, workspaceId, userId);
  await requireEveryProperty(deps.db, workspaceId, userId, ADD_NEEDS_EVERY_PROPERTY);
  const ga4PropertyId = request.property.slice("properties/".length);

  // Cheap refusals first, so a full plan or a duplicate does not wait on Google.
  await requireRoom(deps.db, workspaceId, { lock: false });
  if (await dataSources.findInWorkspace(deps.db, workspaceId, ga4PropertyId)) {
    throw new AppError("DATA_SOURCE_ALREADY_CONNECTED", ALREADY_CONNECTED);
  }
  // Outside the transaction: no row stays locked while Google answers.
  const found = findProperty(await handleAccounts(deps, google, connection), request.property);
  if (!found) throw new AppError("BAD_REQUEST", "Please select a GA4 property");

  let created: Awaited<ReturnType<typeof dataSources.insert>>;
  try {
    created = await deps.db.transaction(async (tx) => {
      await requireRoom(tx, workspaceId, { lock: true });
      const current = requireUsable(
        await repo.findConnection(tx, connection.id, { forUpdate: true }),
        userId,
      );
      if (await dataSources.findInWorkspace(tx, workspaceId, ga4PropertyId)) {
        throw new AppError("DATA_SOURCE_ALREADY_CONNECTED", ALREADY_CONNECTED);
      }
      const row = await dataSources.insert(tx, {
        workspaceId,
        connectedByUserId: userId,
        name: found.propertyName || request.property,
        ga4PropertyId,
        ga4AccountName: found.accountName || null,
        // Copied sealed: the handle's tokens, refreshed by the read above if they had to be.
        accessTokenEncrypted: current.accessTokenEncrypted,
        refreshTokenEncrypted: current.refreshTokenEncrypted,
        tokenExpiresAt: current.tokenExpiresAt,
        tokenScopes: current.tokenScopes,
        isActive: true,
      });
      await repo.markConnectionUsed(tx, current.id);
      return row;
    });
  } catch (error) {
    // Two saves of the same property into one workspace: the unique index decides.
    if (isUniqueViolation(error)) {
      throw new AppError("DATA_SOURCE_ALREADY_CONNECTED", ALREADY_CONNECTED);
    }
    throw error;
  }

  const scan = await startFirstAudit(deps, created.id, userId);
  return { dataSource: toDataSource(created, scan), scan };
}

/**
 * Spec §8: when the first audit cannot start, the property is still connected ('Property
 * Connected Successfully - Head to your dashboard to run your first UTM audit').
 */
async function startFirstAudit(
  deps: ConnectDeps,
  dataSourceId: string,
  userId: string,
): Promise<Scan | null> {
  if (!deps.scanStarter) return null;
  try {
    const { scan } = await deps.scanStarter.start({
      dataSourceId,
      scanType: "connect",
      requestedByUserId: userId,
    });
    return scan;
  } catch (error) {
    deps.log.warn(
      { dataSourceId, reason: error instanceof Error ? error.name : "unknown" },
      "first audit did not start",
    );
    return null;
  }
}
