import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

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

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses private alert destinations in production unless allowed (ADR 010)", () => {
    const secret = { APP_SECRET: "x".repeat(32) };
    expect(loadConfig({}).alerts.allowPrivateNetworks).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", ...secret }).alerts.allowPrivateNetworks).toBe(
      false,
    );
    const allowed = { NODE_ENV: "production", ALERTS_ALLOW_PRIVATE_NETWORKS: "true", ...secret };
    expect(loadConfig(allowed).alerts.allowPrivateNetworks).toBe(true);
    expect(loadConfig({ ALERTS_ALLOW_PRIVATE_NETWORKS: "false" }).alerts.allowPrivateNetworks).toBe(
      false,
    );
    expect(() => loadConfig({ ALERTS_ALLOW_PRIVATE_NETWORKS: "yes" })).toThrow(
      /ALERTS_ALLOW_PRIVATE_NETWORKS/,
    );
  });

  it("requires APP_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/APP_SECRET: is required/);
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
