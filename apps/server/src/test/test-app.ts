import type { LightMyRequestResponse } from "fastify";
import { type App, buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { type Config, loadConfig } from "../env.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "../modules/mail/mailer.ts";
import { createTestDatabase, type TestDatabaseKind } from "./databases.ts";

export interface TestApp extends App {
  config: Config;
  database: Database;
  mailer: Mailer;
  close(): Promise<void>;
}

/** A whole API on a fresh database, driven through `server.inject`. */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(kind);
  const config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT_MAX: "1000", ...env }),
    database: testDb.database,
  };
  const database = await openDatabase(config.database);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db);
  const app = await buildApp({ config, db: database.db, mailer });
  return {
    ...app,
    config,
    database,
    mailer,
    async close() {
      await app.server.close();
      mailer.close();
      await database.close();
      await testDb.drop();
    },
  };
}

let counter = 0;
/** Valid sign-up input; every call gets a new email. */
export function newUser(
  overrides: Partial<{ fullName: string; email: string; password: string }> = {},
) {
  counter += 1;
  return {
    fullName: "Test Marketer",
    email: `user${counter}-${Date.now()}@example.com`,
    password: "correct-horse",
    ...overrides,
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

export async function signUp(app: TestApp, input = newUser()) {
  const response = await app.server.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: input,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { input, cookie: cookieHeader(response), userId: response.json().user.id as string };
}
