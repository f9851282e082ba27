import type { FastifyReply } from "fastify";
import type { DodoApiError } from "../dodo-error.ts";

export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type("application/json").send(JSON.stringify(body));
}

/**
 * Dodo's error shape. `x-should-retry: false` keeps the SDK from retrying a refusal it would
 * otherwise retry by status (409), so a test sees the answer once.
 */
export function sendError(reply: FastifyReply, error: DodoApiError): FastifyReply {
  if (error.status < 500) reply.header("x-should-retry", "false");
  return sendJson(reply, error.status, { code: error.code, message: error.message });
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .headers({ "cache-control": "no-store" })
    .type("text/html; charset=utf-8")
    .send(html);
}

/** One field of a parsed body or query (JSON object or a form's URLSearchParams). */
export function readField(source: unknown, name: string): unknown {
  if (source instanceof URLSearchParams) return source.get(name) ?? undefined;
  if (typeof source !== "object" || source === null || !Object.hasOwn(source, name)) {
    return undefined;
  }
  return Reflect.get(source, name);
}

export function readString(source: unknown, name: string): string | undefined {
  const value = readField(source, name);
  return typeof value === "string" ? value : undefined;
}
