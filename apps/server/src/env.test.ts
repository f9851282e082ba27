import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_SECRET, loadConfig } from "./env.ts";

/** A production deployment with everything it needs. */
const PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://utmost@db:5432/utmost",
  SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
  APP_SECRET: "a-production-secret-of-at-least-32-chars",
};

/** The variables named by a refused configuration, in order. */
function refusedVariables(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [...error.message.matchAll(/^ {2}(\w+):/gm)].map((match) => match[1] ?? "");
  }
  return [];
}

describe("loadConfig", () => {
  it("defaults to the embedded database in ./.data and demo mode", () => {
    const config = loadConfig({ INIT_CWD: "/srv/utmost" });
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.resolve("/srv/utmost/.data") });
    expect(config.demoMode).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
  });

  it("uses PostgreSQL when DATABASE_URL is set, and leaves demo mode off", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/utmost" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/utmost" });
    expect(config.demoMode).toBe(false);
  });

  it("trusts the configured number of proxy hops, and refuses the old TRUST_PROXY", () => {
    expect(loadConfig({}).trustedProxyHops).toBe(0);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => loadConfig({ TRUSTED_PROXY_HOPS: "one" })).toThrow(/TRUSTED_PROXY_HOPS/);
    // It trusted the left-most X-Forwarded-For, which the client writes.
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: is replaced by TRUSTED_PROXY_HOPS/,
    );
    expect(loadConfig({ TRUST_PROXY: "false" }).trustedProxyHops).toBe(0);
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses private alert destinations in production unless allowed (ADR 010)", () => {
    expect(loadConfig({}).alerts.allowPrivateNetworks).toBe(true);
    expect(loadConfig(PRODUCTION).alerts.allowPrivateNetworks).toBe(false);
    const allowed = { ...PRODUCTION, ALERTS_ALLOW_PRIVATE_NETWORKS: "true" };
    expect(loadConfig(allowed).alerts.allowPrivateNetworks).toBe(true);
    expect(loadConfig({ ALERTS_ALLOW_PRIVATE_NETWORKS: "false" }).alerts.allowPrivateNetworks).toBe(
      false,
    );
    expect(() => loadConfig({ ALERTS_ALLOW_PRIVATE_NETWORKS: "yes" })).toThrow(
      /ALERTS_ALLOW_PRIVATE_NETWORKS/,
    );
  });

  it("starts production with its database, mail server and secret, and nothing of the demo", () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      isProduction: true,
      demoMode: false,
      mailTransport: "smtp",
      smtpUrl: PRODUCTION.SMTP_URL,
      appSecret: PRODUCTION.APP_SECRET,
      google: { kind: "disabled" },
      billing: { kind: "disabled" },
    });
  });

  it("refuses production without its variables, naming each at once with what to set", () => {
    let message = "";
    try {
      loadConfig({ NODE_ENV: "production" });
    } catch (error) {
      message = error instanceof ConfigError ? error.message : "";
    }
    expect(message).toMatch(/DATABASE_URL: is required in production: set it to your PostgreSQL/);
    expect(message).toMatch(/SMTP_URL: is required in production: .*or set MAIL_TRANSPORT=log/);
    expect(message).toMatch(/APP_SECRET: is required in production: set it to a random string/);
    expect(refusedVariables({ NODE_ENV: "production" })).toEqual([
      "DATABASE_URL",
      "SMTP_URL",
      "APP_SECRET",
    ]);
    // Alongside a bad value elsewhere: still every refusal in one message.
    expect(refusedVariables({ NODE_ENV: "production", PORT: "eighty" })).toEqual([
      "PORT",
      "DATABASE_URL",
      "SMTP_URL",
      "APP_SECRET",
    ]);
  });

  it("refuses production in the demo's shape: its secret, demo mode, the stand-ins", () => {
    expect(
      refusedVariables({
        ...PRODUCTION,
        APP_SECRET: DEMO_SECRET,
        DEMO_MODE: "true",
        GOOGLE_EMULATOR_URL: "http://127.0.0.1:4000",
        DODO_PAYMENTS_BASE_URL: "http://127.0.0.1:3000/dodo-emulator",
      }),
    ).toEqual(["APP_SECRET", "DEMO_MODE", "GOOGLE_EMULATOR_URL", "DODO_PAYMENTS_BASE_URL"]);
    expect(refusedVariables({ ...PRODUCTION, DEMO_MODE: "1" })).toEqual(["DEMO_MODE"]);
    expect(refusedVariables({ ...PRODUCTION, DEMO_MODE: "false" })).toEqual([]);
    // Dodo's own API hosts are no stand-in.
    expect(
      refusedVariables({ ...PRODUCTION, DODO_PAYMENTS_BASE_URL: "https://test.dodopayments.com" }),
    ).toEqual([]);
    expect(
      refusedVariables({ ...PRODUCTION, DODO_PAYMENTS_BASE_URL: "http://live.dodopayments.com" }),
    ).toEqual(["DODO_PAYMENTS_BASE_URL"]);
  });

  it("sends production mail by SMTP, or to the log when MAIL_TRANSPORT=log says so", () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = PRODUCTION;
    expect(refusedVariables(withoutSmtp)).toEqual(["SMTP_URL"]);
    const logged = loadConfig({ ...withoutSmtp, MAIL_TRANSPORT: "log" });
    expect(logged).toMatchObject({ mailTransport: "log", smtpUrl: undefined });
    expect(refusedVariables({ ...PRODUCTION, MAIL_TRANSPORT: "outbox" })).toEqual([
      "MAIL_TRANSPORT",
    ]);
    expect(refusedVariables({ MAIL_TRANSPORT: "smtp" })).toEqual(["SMTP_URL"]);
    expect(refusedVariables({ MAIL_TRANSPORT: "pigeon" })).toEqual(["MAIL_TRANSPORT"]);
  });

  it("keeps the embedded demo as it was outside production", () => {
    expect(loadConfig({})).toMatchObject({
      demoMode: true,
      mailTransport: "outbox",
      appSecret: DEMO_SECRET,
      google: { kind: "embedded" },
      billing: { kind: "embedded" },
    });
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).mailTransport).toBe("smtp");
    expect(loadConfig({ NODE_ENV: "test", MAIL_TRANSPORT: "log" }).mailTransport).toBe("log");
  });

  it("picks where Google is", () => {
    expect(loadConfig({}).google).toEqual({
      kind: "embedded",
      url: "http://localhost:3000/google-emulator",
    });
    expect(loadConfig({ DATABASE_URL: "postgres://u@db/x" }).google).toEqual({ kind: "disabled" });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s" })
        .google,
    ).toEqual({ kind: "google", clientId: "id.apps.googleusercontent.com", clientSecret: "s" });
    expect(loadConfig({ GOOGLE_EMULATOR_URL: "http://127.0.0.1:4000/" }).google).toEqual({
      kind: "emulator",
      url: "http://127.0.0.1:4000",
    });
  });

  it("works the job queue in the same process unless RUN_WORKER=false on PostgreSQL", () => {
    expect(loadConfig({}).runWorker).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u@db/x", RUN_WORKER: "false" }).runWorker).toBe(
      false,
    );
    expect(() => loadConfig({ RUN_WORKER: "false" })).toThrow(/RUN_WORKER: can be false only/);
  });

  it("wants both halves of the Google OAuth client", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: "s" })).toThrow(/GOOGLE_CLIENT_ID/);
  });
});
