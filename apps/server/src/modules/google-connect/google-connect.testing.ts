import type { RunningEmulator } from "@utmost/google-emulator";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { buildApp } from "../../app.ts";
import { type Db, openDatabase } from "../../db/client.ts";
import { auditScans } from "../../db/schema.ts";
import { loadConfig } from "../../env.ts";
import { consentDecision } from "../../integrations/google/testing.ts";
import { createTestDatabase, type TestDatabaseKind } from "../../test/databases.ts";
import type { TestApp } from "../../test/test-app.ts";
import { createOutboxMailer } from "../mail/mailer.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { toScan } from "../scans/scans.mapper.ts";

/**
 * Test support for the connect flow: an app whose audits start as a plain `running` row, and
 * the flow from "Connect" to "Save" driven the way the browser and Google's page would drive it.
 */

export interface FakeScanStarter extends ScanStarter {
  /** Each start asked for, in order. */
  readonly calls: Parameters<ScanStarter["start"]>[0][];
  /** The next start throws, as a queue that is down would. */
  failNext(): void;
}

function createFakeScanStarter(db: Db): FakeScanStarter {
  const calls: Parameters<ScanStarter["start"]>[0][] = [];
  let fail = false;
  return {
    calls,
    failNext() {
      fail = true;
    },
    async start(input) {
      calls.push(input);
      if (fail) {
        fail = false;
        throw new Error("the job queue is unavailable");
      }
      const [running] = await db
        .select()
        .from(auditScans)
        .where(
          and(eq(auditScans.dataSourceId, input.dataSourceId), eq(auditScans.status, "running")),
        );
      if (running) return { scan: toScan(running), created: false };
      const [scan] = await db
        .insert(auditScans)
        .values({
          dataSourceId: input.dataSourceId,
          scanType: input.scanType,
          requestedByUserId: input.requestedByUserId,
          startedAt: new Date(),
        })
        .returning();
      if (!scan) throw new Error("scan insert returned no row");
      return { scan: toScan(scan), created: true };
    },
  };
}

export interface ConnectTestApp extends TestApp {
  scans: FakeScanStarter;
}

/** A whole API on a fresh database, like `createTestApp`, with the fake scan starter. */
export async function createConnectTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<ConnectTestApp> {
  const testDb = await createTestDatabase(kind);
  const config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT_MAX: "1000", ...env }),
    database: testDb.database,
  };
  const database = await openDatabase(config.database);
  const mailer = createOutboxMailer(database.db);
  const scans = createFakeScanStarter(database.db);
  // Reports are queued nowhere: their jobs have tests of their own (reports.integration.test.ts).
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    scanStarter: scans,
    enqueueReport: async () => {},
  });
  return {
    ...app,
    config,
    database,
    mailer,
    scans,
    async close() {
      await app.server.close();
      mailer.close();
      await database.close();
      await testDb.drop();
    },
  };
}

/** The stand-in's property with this profile key, as the picker names it. */
export function emulatorProperty(emulator: RunningEmulator, profileKey: string) {
  for (const account of emulator.world.accounts) {
    const property = account.properties.find((candidate) => candidate.profile.key === profileKey);
    if (property) {
      return {
        property: `properties/${property.profile.propertyId}`,
        propertyId: property.profile.propertyId,
        displayName: property.profile.displayName,
        accountName: account.displayName,
      };
    }
  }
  throw new Error(`The stand-in has no ${profileKey} property`);
}

/** `POST /api/oauth/google/init` as the signed-in user. */
export function initConsent(
  app: TestApp,
  cookie: string,
  payload: { workspaceId?: string; dataSourceId?: string },
) {
  return app.server.inject({
    method: "POST",
    url: "/api/oauth/google/init",
    headers: { cookie },
    payload,
  });
}

/** Google's redirect back, followed into the app's callback with the user's cookie. */
export function callback(app: TestApp, cookie: string, location: string) {
  const url = new URL(location);
  expect(url.pathname).toBe("/api/oauth/google/callback");
  return app.server.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: { cookie },
  });
}

/**
 * Init, consent as `email`, callback: the connection handle's id (or the reconnected property's
 * id when `dataSourceId` is given).
 */
export async function authorize(
  app: TestApp,
  cookie: string,
  options: { workspaceId?: string; dataSourceId?: string; email?: string },
): Promise<string> {
  const init = await initConsent(app, cookie, {
    workspaceId: options.workspaceId,
    dataSourceId: options.dataSourceId,
  });
  expect(init.statusCode, init.body).toBe(200);
  const location = await consentDecision(init.json().oauthUrl, {
    email: options.email ?? "alex.morgan@gmail.com",
  });
  const back = await callback(app, cookie, location);
  expect(back.statusCode).toBe(302);
  const next = new URL(back.headers.location as string, app.config.appUrl);
  const id = next.searchParams.get(options.dataSourceId ? "reconnected" : "connection");
  if (!id) throw new Error(`The callback sent the browser to ${back.headers.location}`);
  return id;
}

/** `POST /api/data-sources` (Save Analytics Property). */
export function saveProperty(
  app: TestApp,
  cookie: string,
  payload: { connectionId: string; property: string },
) {
  return app.server.inject({
    method: "POST",
    url: "/api/data-sources",
    headers: { cookie },
    payload,
  });
}

/** The whole flow for one property; the saved property's id. */
export async function connectProperty(
  app: TestApp,
  cookie: string,
  options: { workspaceId: string; property: string; email?: string },
): Promise<string> {
  const connectionId = await authorize(app, cookie, options);
  const saved = await saveProperty(app, cookie, { connectionId, property: options.property });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().dataSource.id as string;
}

/** The signed-in user's first workspace (created by the listing when there is none). */
export async function firstWorkspace(app: TestApp, cookie: string): Promise<string> {
  const list = await app.server.inject({
    method: "GET",
    url: "/api/workspaces",
    headers: { cookie },
  });
  expect(list.statusCode).toBe(200);
  return list.json().workspaces[0].id as string;
}
