import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { Billing } from "./billing/billing.service.ts";
import { createControl, type DodoControl } from "./control.ts";
import { DodoApiError } from "./dodo-error.ts";
import { registerApiRoutes } from "./http/api.routes.ts";
import type { EmulatorContext } from "./http/context.ts";
import { registerControlRoutes } from "./http/control.routes.ts";
import { registerPageRoutes } from "./http/pages.routes.ts";
import { sendError } from "./http/reply.ts";
import { type DodoAddon, type DodoProduct, DodoStore } from "./state/store.ts";
import { WebhookSender } from "./webhooks/webhook-sender.ts";

export interface DodoEmulatorOptions {
  /** The Bearer token the API accepts; anything else is answered 401. */
  apiKey: string;
  /** The Standard Webhooks secret (`whsec_<base64>`) events are signed with. */
  webhookKey: string;
  /** Where events are POSTed; may be set later with `control.setWebhookUrl`. */
  webhookUrl?: string;
  products: DodoProduct[];
  /** Add-ons the products may carry (each product lists its `addonIds`). */
  addons?: DodoAddon[];
  /** Default "bus_utmost_test". */
  businessId?: string;
  /** The stand-in's clock (event timestamps, billing dates); tests move it. */
  now?: () => Date;
  /** Webhook redelivery delays after a failed attempt; default [1000, 5000, 30000]. */
  retryDelaysMs?: number[];
  /** Expose the HTTP control endpoints under /__emulator (default false). */
  control?: boolean;
  /** Request logging of the stand-in's own server (startDodoEmulator). */
  logger?: boolean;
}

export interface DodoEmulator {
  /** Mounts every route; register it with a prefix matching `publicUrl`'s path. */
  plugin: FastifyPluginAsync;
  control: DodoControl;
}

export interface RunningDodoEmulator extends DodoEmulator {
  url: string;
  close(): Promise<void>;
}

/**
 * The stand-in as a Fastify plugin, for mounting in another server (the product's embedded
 * demo). `publicUrl` is where browsers and clients reach it, prefix included. Closing the host
 * server stops pending webhook retries.
 */
export function createDodoEmulator(
  options: DodoEmulatorOptions & { publicUrl: string },
): DodoEmulator {
  const publicUrl = trimSlash(options.publicUrl);
  return buildEmulator(options, () => publicUrl);
}

/** The stand-in on its own Fastify server: port 0 (the default) picks a free port. */
export async function startDodoEmulator(
  options: DodoEmulatorOptions & { port?: number; host?: string },
): Promise<RunningDodoEmulator> {
  const host = options.host ?? "127.0.0.1";
  let url = "";
  const emulator = buildEmulator(options, () => url);
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(emulator.plugin);
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  url = `http://${urlHost(host)}:${port}`;
  return { ...emulator, url, close: () => app.close() };
}

function buildEmulator(options: DodoEmulatorOptions, publicUrl: () => string): DodoEmulator {
  const webhooks = new WebhookSender({
    webhookKey: options.webhookKey,
    url: options.webhookUrl,
    retryDelaysMs: options.retryDelaysMs ?? [1000, 5000, 30_000],
  });
  // The host's clock, or the one a test gave, moved by `control.setClock`.
  const hostNow = options.now ?? (() => new Date());
  let offsetMs = 0;
  const now = () => new Date(hostNow().getTime() + offsetMs);
  const billing = new Billing({
    store: new DodoStore(options.products, options.addons ?? [], now()),
    webhooks,
    now,
    businessId: options.businessId ?? "bus_utmost_test",
  });
  const control = createControl(billing, webhooks, (at) => {
    offsetMs = at === null ? 0 : at.getTime() - hostNow().getTime();
  });
  const ctx: EmulatorContext = { billing, apiKey: options.apiKey, publicUrl };

  const plugin: FastifyPluginAsync = async (fastify) => {
    useDodoBodies(fastify);
    useDodoErrors(fastify);
    fastify.addHook("onClose", async () => webhooks.close());
    // Its own scope, so the API key check covers the API and not the pages.
    await fastify.register(async (api) => registerApiRoutes(api, ctx));
    registerPageRoutes(fastify, ctx);
    if (options.control) registerControlRoutes(fastify, control);
  };

  return { plugin, control };
}

/**
 * The stand-in's own body parsers, in its own encapsulated scope, so whatever the host server
 * registered does not change how the API and the hosted pages read requests: JSON (an empty
 * body is no body, as the SDK sends for a portal session) and the pages' HTML forms.
 */
function useDodoBodies(fastify: FastifyInstance): void {
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
        done(badBody("The request body is not valid JSON."), undefined);
      }
    },
  );
  fastify.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );
}

function badBody(message: string): FastifyError {
  return Object.assign(new Error(message), {
    code: "EMULATOR_BAD_BODY",
    name: "BadBody",
    statusCode: 400,
  });
}

/** Refusals in Dodo's `{ code, message }` shape; anything unexpected is a bare 500. */
function useDodoErrors(fastify: FastifyInstance): void {
  fastify.setErrorHandler<FastifyError | DodoApiError>((error, request, reply) => {
    if (error instanceof DodoApiError) return sendError(reply, error);
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return sendError(reply, new DodoApiError(error.statusCode, "BAD_REQUEST", error.message));
    }
    request.log.error({ err: error }, "dodo emulator request failed");
    return sendError(reply, new DodoApiError(500, "INTERNAL_SERVER_ERROR", "Internal error."));
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
