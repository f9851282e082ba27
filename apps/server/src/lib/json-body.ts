import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

/**
 * No request body of this API nests deeper than a few levels. A deeper one is refused before it
 * is parsed: whatever walks it afterwards (a schema, JSON.stringify on the way to Better Auth)
 * recurses, and 100,000 levels of `[[[...]]]` would overflow the stack (issue 21).
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests its arrays and objects deeper than `limit` (read, not parsed). */
export function jsonDepthExceeds(body: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const char = body.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind the depth check. Routes that
 * need the raw text (signed webhooks) replace it in their own scope.
 */
export function registerJsonParser(server: FastifyInstance): void {
  const parse = server.getDefaultJsonParser("error", "error");
  server.removeContentTypeParser("application/json");
  server.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          "INVALID_JSON",
          `Request body nests deeper than ${MAX_JSON_DEPTH} levels and was not read`,
        ),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
