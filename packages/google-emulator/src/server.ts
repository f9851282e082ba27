import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { renderNotFoundPage } from "./consent-page.ts";
import { createFaultControl, type FaultControl, InjectedFaults } from "./faults.ts";
import { invalidArgument } from "./google-error.ts";
import { registerApiRoutes } from "./http/api.routes.ts";
import { INTERNAL } from "./http/api-errors.ts";
import type { EmulatorContext } from "./http/context.ts";
import { registerControlRoutes } from "./http/control.routes.ts";
import { useReportQuotaHooks } from "./http/quota-hooks.ts";
import { requestPath, sendApiError, sendHtml, sendOAuthJson } from "./http/reply.ts";
import { DEFAULT_CLIENTS, type EmulatorClient } from "./oauth/clients.ts";
import { signingKey } from "./oauth/id-token.ts";
import { registerOAuthRoutes } from "./oauth/oauth.routes.ts";
import { createTokenSigner } from "./oauth/tokens.ts";
import { GrantLedger } from "./state/grants.ts";
import { QuotaLedger } from "./state/quota.ts";
import { createWorld, type World } from "./world.ts";

export interface EmulatorOptions {
  /** Default: DEMO_CLIENT, accepting any loopback redirect. */
  clients?: readonly EmulatorClient[];
  /** Default 3599, a fresh Google token's `expires_in` (§1.5). */
  accessTokenTtlSeconds?: number;
  /** Signs codes and tokens, so refresh tokens survive a restart; default a fixed demo value. */
  secret?: string;
  /** The stand-in's clock; tests move it. */
  now?: () => Date;
  /** Expose the HTTP control endpoints under /__emulator (default false). */
  control?: boolean;
  /** Request logging of the stand-in's own server (startGoogleEmulator); a host server logs its own way. */
  logger?: boolean;
}

export interface GoogleEmulator {
  faults: FaultControl;
  world: World;
  /** Mounts every route; register it with a prefix matching `publicUrl`'s path. */
  plugin: FastifyPluginAsync;
}

export interface RunningEmulator extends GoogleEmulator {
  url: string;
  close(): Promise<void>;
}

/** Never a secret: it only lets a demo restart keep its own sign-ins. */
const DEMO_SECRET = "utmost-google-emulator-demo-secret";

/**
 * The stand-in as a Fastify plugin, for mounting in another server (the product's embedded
 * demo). `publicUrl` is where browsers and clients reach it, prefix included.
 */
export function createGoogleEmulator(
  options: EmulatorOptions & { publicUrl: string },
): GoogleEmulator {
  const publicUrl = trimSlash(options.publicUrl);
  return buildEmulator(options, () => publicUrl);
}

/** The stand-in on its own Fastify server: port 0 (the default) picks a free port. */
export async function startGoogleEmulator(
  options: EmulatorOptions & { port?: number; host?: string; publicUrl?: string } = {},
): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  let url = options.publicUrl === undefined ? "" : trimSlash(options.publicUrl);
  const emulator = buildEmulator(options, () => url);
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(emulator.plugin);
  app.setNotFoundHandler((request, reply) =>
    sendHtml(reply, 404, renderNotFoundPage(requestPath(request))),
  );
  await app.listen({ host, port: options.port ?? 0 });
  if (url === "") {
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : options.port;
    url = `http://${urlHost(host)}:${port}`;
  }
  return { ...emulator, url, close: () => app.close() };
}

function buildEmulator(options: EmulatorOptions, publicUrl: () => string): GoogleEmulator {
  const now = options.now ?? (() => new Date());
  const world = createWorld();
  const grants = new GrantLedger();
  const quota = new QuotaLedger(now);
  const injected = new InjectedFaults(now);
  const faults = createFaultControl({ injected, grants, quota, world });
  const signer = createTokenSigner(options.secret ?? DEMO_SECRET);

  const plugin: FastifyPluginAsync = async (fastify) => {
    const ctx: EmulatorContext = {
      clients: options.clients ?? DEFAULT_CLIENTS,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3599,
      now,
      publicUrl,
      world,
      grants,
      quota,
      injected,
      signer,
      key: await signingKey(),
    };
    useGoogleBodies(fastify);
    useGoogleErrors(fastify);
    useReportQuotaHooks(fastify, ctx);
    fastify.addHook("onRequest", async (request) => {
      if (injected.latencyMs > 0 && !request.url.includes("/__emulator/")) {
        await sleep(injected.latencyMs);
      }
    });
    fastify.addHook("onSend", async (request, reply, payload) => {
      const api = request.url.includes("/v1beta/") || request.url.includes("/v1alpha/");
      if (!api || reply.statusCode !== 200 || !injected.takeGarbled(request.url)) return payload;
      const text = typeof payload === "string" ? payload : JSON.stringify({ rows: [] });
      // Half the body: valid JSON up to a point, then nothing.
      return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    });
    registerOAuthRoutes(fastify, ctx);
    registerApiRoutes(fastify, ctx);
    if (options.control) registerControlRoutes(fastify, faults, world);
  };

  return { faults, world, plugin };
}

/**
 * The stand-in's own body parsers, in its own encapsulated scope, so whatever the host server
 * registered (or not) does not change how Google's endpoints read requests: forms as
 * URLSearchParams (§1.4), JSON with an empty body read as "no body", anything else by its look.
 */
function useGoogleBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === "") return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(badBody("Invalid JSON payload received. Unexpected token."), undefined);
      }
    },
  );
  fastify.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );
  fastify.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body).trim();
    if (!text.startsWith("{") && !text.startsWith("[")) {
      return done(null, new URLSearchParams(text));
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badBody("Invalid JSON payload received. Unexpected token."), undefined);
    }
  });
}

function badBody(message: string): FastifyError {
  return Object.assign(new Error(message), {
    code: "EMULATOR_BAD_BODY",
    name: "BadBody",
    statusCode: 400,
  });
}

/** Errors Fastify raises before a handler runs, answered in Google's shapes. */
function useGoogleErrors(fastify: FastifyInstance): void {
  fastify.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, "google emulator request failed");
    if (request.url.includes("/v1beta/")) {
      return sendApiError(
        request,
        reply,
        status === 400 ? invalidArgument(error.message) : INTERNAL,
      );
    }
    return sendOAuthJson(reply, status, {
      error: status === 400 ? "invalid_request" : "server_error",
      error_description: status === 400 ? error.message : "Internal error encountered.",
    });
  });
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** A wildcard listen address is reached as localhost; IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
