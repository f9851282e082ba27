import type { z } from "zod";
import { classifyApiError, GoogleError } from "./errors.ts";
import type { GoogleSession } from "./google-session.ts";
import { parseBody, parseJsonText, readBytes, send, utf8Text } from "./http.ts";
import { parseRetryAfter, type RetryPolicy, TransientFailure, withRetry } from "./retry.ts";

/** What every Admin and Data API call shares: the grant, the retry budget, the clock. */
export interface ApiContext {
  session: Pick<GoogleSession, "fetch">;
  retry: RetryPolicy;
  timeoutMs: number;
  now: () => Date;
  /** Called for every request sent, retries included. */
  onSend?: () => void;
}

export interface ApiRequest {
  method: "GET" | "POST";
  url: string;
  body?: unknown;
}

/**
 * One REST call: sent with the grant's token, retried on 5xx, non-token 429s and network
 * failures, its error envelope mapped to a GoogleError, its body parsed with `schema`.
 */
export function callGoogleApi<S extends z.ZodType>(
  context: ApiContext,
  request: ApiRequest,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  return callGoogleApiBytes(context, request, (bytes) =>
    parseBody(schema, parseJsonText(utf8Text(bytes)), what),
  );
}

/**
 * `callGoogleApi` for a caller that reads a successful answer's bytes itself (`read`, which must
 * refuse what does not match Google's documented shape): a report's rows are read without the
 * body decoded whole (`readReportRows`). Errors are read as there.
 */
export function callGoogleApiBytes<T>(
  context: ApiContext,
  request: ApiRequest,
  read: (bytes: Uint8Array) => T,
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  // Google pretty-prints JSON unless asked not to (a standard query parameter): a report's
  // indentation would be a large share of its bytes, and of the time spent reading them.
  const url = new URL(request.url);
  url.searchParams.set("prettyPrint", "false");
  return withRetry(context.retry, async () => {
    context.onSend?.();
    const response = await send(context.session.fetch, url.toString(), {
      method: request.method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    const bytes = await readBytes(response);
    if (response.ok) return read(bytes);
    const { error, retryable } = classifyApiError(response.status, parseJsonText(utf8Text(bytes)));
    if (!retryable) throw error;
    throw new TransientFailure(
      error,
      parseRetryAfter(response.headers.get("retry-after"), context.now()),
    );
  });
}

/** `properties/123` from `123` or `properties/123`; property ids are digits (§2.1). */
export function propertyResourceName(propertyId: string): string {
  const match = /^(?:properties\/)?(\d+)$/.exec(propertyId.trim());
  if (!match) {
    throw new GoogleError("GOOGLE_INVALID_REQUEST", `Not a GA4 property id: ${propertyId}`);
  }
  return `properties/${match[1]}`;
}
