import type { z } from "zod";
import { GoogleError } from "./errors.ts";
import { TransientFailure } from "./retry.ts";

/** fetch, with network failures and timeouts turned into retryable GOOGLE_UNAVAILABLE. */
export async function send(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  init: RequestInit,
): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (cause) {
    // The session's own failures (an expired grant) are answers, not network trouble.
    if (cause instanceof GoogleError || cause instanceof TransientFailure) throw cause;
    throw networkFailure(cause);
  }
}

export function networkFailure(cause: unknown): TransientFailure {
  const timedOut = cause instanceof Error && cause.name === "TimeoutError";
  return new TransientFailure(
    new GoogleError(
      "GOOGLE_UNAVAILABLE",
      timedOut ? "Google did not answer in time" : "Could not reach Google",
      { cause },
    ),
  );
}

/**
 * The body as JSON, `undefined` when it is empty or not JSON (an HTML error page from a proxy);
 * a connection that drops mid-body is a network failure.
 */
export async function readJson(response: Response): Promise<unknown> {
  return parseJsonText(await readText(response));
}

/** The body as text; a connection that drops mid-body is a network failure. */
export async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    throw networkFailure(cause);
  }
}

/**
 * The body's bytes; a connection that drops mid-body is a network failure. Read chunk by chunk
 * and each chunk's memory let go as soon as it is copied: a report page is many MB in chunks of
 * tens of KB, and chunks left to the collector made it mark the whole heap again and again
 * ("external memory pressure", docs/performance.md). A chunk of a byte stream owns its buffer
 * (the stream took it over when it was queued), so detaching it touches nothing else.
 */
export async function readBytes(response: Response): Promise<Uint8Array> {
  try {
    const body = response.body;
    if (!body) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
      if (chunk.buffer instanceof ArrayBuffer && !chunk.buffer.detached) chunk.buffer.transfer(0);
    }
    return bytes;
  } catch (cause) {
    throw networkFailure(cause);
  }
}

const utf8 = new TextDecoder();

/** Bytes Google sent as UTF-8 text (JSON), decoded as `Response.text` would. */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** `text` as JSON, `undefined` when it is empty or not JSON. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Parse once at the edge: a body that does not match Google's documented shape stops here. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new GoogleError(
    "GOOGLE_BAD_RESPONSE",
    body === undefined
      ? `Google sent a ${what} that is not JSON`
      : `Unexpected ${what} from Google (${where})`,
  );
}
