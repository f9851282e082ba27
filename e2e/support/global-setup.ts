import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_PORT ?? 3100);

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts the real product as `npm start` does (built web, API, embedded database with a fresh
 * data directory, demo mode with the outbox) and stops it after the run.
 */
export default async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST_DIR ?? path.join(root, "apps/web/dist");
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  const baseUrl = `http://localhost:${PORT}`;
  // Another server on the port would answer the health check in this one's place.
  if (await answers(`${baseUrl}/api/health`)) {
    throw new Error(`port ${PORT} is taken by another server: stop it or set E2E_PORT`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "utmost-e2e-"));
  const server: ChildProcess = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: "true",
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "100",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${server.exitCode}`);
    }
    if (await answers(`${baseUrl}/api/health`)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server did not start within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide("baseUrl", baseUrl);
  return stop;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
