import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The product's own processes, started the way production starts them (`node src/main.ts`,
 * `node src/worker.ts`) for the tests that kill them or run several side by side.
 */

export const MAIN_SCRIPT = path.resolve(import.meta.dirname, "../main.ts");
export const WORKER_SCRIPT = path.resolve(import.meta.dirname, "../worker.ts");

const START_TIMEOUT_MS = 120_000;

export interface ProductProcess {
  child: ChildProcess;
  /** Its output so far (pino JSON lines and the start banner), shown when a test fails. */
  output(): string;
  /** Log lines with this message. */
  logged(message: string): Record<string, unknown>[];
}

/**
 * Starts `script` with exactly `env` (plus PATH) and waits until `ready` holds for what it has
 * printed; a process that exits first, or is not ready in time, fails with its output.
 */
export async function startProductProcess(
  script: string,
  env: Record<string, string>,
  ready: (process: ProductProcess) => boolean,
): Promise<ProductProcess> {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const started: ProductProcess = {
    child,
    output: () => output,
    logged: (message) =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === message),
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!ready(started)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `${path.basename(script)} did not start (exit ${child.exitCode}):\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return started;
}

/** A worker process (`npm run start:worker`), started once it works the queue. */
export function startWorkerProcess(env: Record<string, string>): Promise<ProductProcess> {
  return startProductProcess(
    WORKER_SCRIPT,
    env,
    (worker) => worker.logged("worker started").length > 0,
  );
}

/**
 * An API process (`npm run start:api` when RUN_WORKER=false), started once it listens; `env`
 * names its PORT.
 */
export function startApiProcess(env: Record<string, string>): Promise<ProductProcess> {
  return startProductProcess(MAIN_SCRIPT, env, (api) =>
    api.output().includes("Utmost is running at"),
  );
}

/** SIGKILL, as a crash or an out-of-memory kill ends a process: no shutdown code runs. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
}

/** A TCP port free on loopback now, for a process that must be told its port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
