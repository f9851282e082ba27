import { ErrorResponseSchema } from "@utmost/contracts";
import { z } from "zod";

/** A failed API call: the HTTP status plus the server's `{ error: { code, message } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show in a toast for any failure, preferring the server's own words. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong";
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface RequestOptions {
  method?: Method;
  body?: unknown;
  /** What the caller can read; failures always answer JSON, so a file download lists both. */
  accept?: string;
}

// Better Auth answers some failures with a bare `{ code, message }` body.
const BareErrorSchema = z.object({ code: z.string().optional(), message: z.string().min(1) });

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  return JSON.parse(text);
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `Request failed with status ${response.status}`;
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    return new ApiError(response.status, "HTTP_ERROR", fallback);
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  }
  const bare = BareErrorSchema.safeParse(body);
  if (bare.success) {
    return new ApiError(response.status, bare.data.code ?? "HTTP_ERROR", bare.data.message);
  }
  return new ApiError(response.status, "HTTP_ERROR", fallback);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const hasBody = options.body !== undefined;
  const accept = options.accept ?? "application/json";
  const response = await fetch(path, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: hasBody ? { Accept: accept, "Content-Type": "application/json" } : { Accept: accept },
    body: hasBody ? JSON.stringify(options.body) : undefined,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and parses the JSON answer with the contract's schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const response = await send(path, options);
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    throw new ApiError(response.status, "INVALID_RESPONSE", "Invalid response format");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, "INVALID_RESPONSE", "Invalid response format");
  }
  return parsed.data;
}

/** Calls the API for its effect only; the answer's body, if any, is ignored. */
export async function apiCommand(path: string, options: RequestOptions): Promise<void> {
  await send(path, options);
}

/**
 * The file name a `Content-Disposition` header gives, preferring the RFC 6266 `filename*` form
 * (UTF-8, percent-encoded) over the plain `filename`.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape falls through to the plain form.
    }
  }
  const quoted = /filename\s*=\s*"([^"]+)"/i.exec(header)?.[1];
  if (quoted) return quoted;
  const bare = /filename\s*=\s*([^;"]+)/i.exec(header)?.[1]?.trim();
  return bare ? bare : null;
}

/** Calls the API for a file (a CSV export): its bytes and the name the server gave it. */
export async function apiDownload(
  path: string,
  accept: string,
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, { accept: `${accept}, application/json` });
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get("Content-Disposition")),
  };
}
