import type { FastifyReply, FastifyRequest } from "fastify";
import { type GoogleApiError, googleErrorBody } from "../google-error.ts";

/** How Google's front ends answer: pretty JSON by default, exact content types (§0, §1.5). */

const API_JSON = "application/json; charset=UTF-8";
const OAUTH_JSON = "application/json; charset=utf-8";

/** Headers Google's token endpoint sends (§1.5), so nothing caches a token. */
const NO_STORE = {
  "cache-control": "no-cache, no-store, max-age=0, must-revalidate",
  pragma: "no-cache",
  expires: "Mon, 01 Jan 1990 00:00:00 GMT",
};

/** `prettyPrint` is a standard query parameter, true by default (§0). */
function indentFor(request: FastifyRequest): number {
  return readQuery(request, "prettyPrint") === "false" ? 0 : 2;
}

export function sendApiJson(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: unknown,
): FastifyReply {
  return reply
    .code(status)
    .type(API_JSON)
    .send(JSON.stringify(body, null, indentFor(request)));
}

export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: GoogleApiError,
  headers: Record<string, string> = {},
): FastifyReply {
  return sendApiJson(request, reply.headers(headers), error.code, googleErrorBody(error));
}

/** Token, revoke and tokeninfo answers: the flat OAuth shape and no caching (§1.5, §1.7). */
export function sendOAuthJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .headers(NO_STORE)
    .type(OAUTH_JSON)
    .send(JSON.stringify(body, null, 2));
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .headers({ "cache-control": "no-store" })
    .type("text/html; charset=utf-8")
    .send(html);
}

/** The request's path without the query string. */
export function requestPath(request: FastifyRequest): string {
  const query = request.url.indexOf("?");
  return query < 0 ? request.url : request.url.slice(0, query);
}

/** One query parameter as a string; the first when repeated. */
export function readQuery(request: FastifyRequest, name: string): string | undefined {
  return readField(request.query, name);
}

/** One field of a parsed query or body (object, URLSearchParams), as a string. */
export function readField(source: unknown, name: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(name) ?? undefined;
  if (typeof source !== "object" || source === null || !Object.hasOwn(source, name)) {
    return undefined;
  }
  const value: unknown = Reflect.get(source, name);
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "string") return first;
  if (typeof first === "number" || typeof first === "boolean") return String(first);
  return undefined;
}

/** Every value of a repeated field. */
export function readFieldAll(source: unknown, name: string): string[] {
  if (source instanceof URLSearchParams) return source.getAll(name);
  if (typeof source !== "object" || source === null || !Object.hasOwn(source, name)) return [];
  const value: unknown = Reflect.get(source, name);
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === "string",
  );
}
