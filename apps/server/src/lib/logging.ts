import { type LoggerOptions, stdSerializers } from "pino";

/**
 * What the server and worker logs may hold (issue 21). Request headers that carry credentials
 * are redacted by path; errors go through `serializeError`, which drops what a database error
 * carries of the statement's values (Drizzle's `params`, PostgreSQL's `detail`) and any field
 * named like a secret.
 */

const REDACTED = "[Redacted]";

/** Field names whose values are credentials, wherever they appear in a logged error. */
const SECRET_FIELD = /pass(word)?|token|secret|authorization|cookie|key_?hash|api_?key|signature/i;

/**
 * Fields of database errors that repeat the statement's values: Drizzle's `params`, PostgreSQL's
 * `detail` ("Key (email)=(...) already exists") and `where` (a function's arguments).
 */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);

type SerializedError = Record<string, unknown> & { message: string; stack: string };

/** pino's error serializer (message and stack with causes), without values or secrets. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error) as unknown as SerializedError;
  let { message, stack } = serialized;
  for (const current of causes(error)) {
    const params = (current as { params?: unknown }).params;
    if (params === undefined) continue;
    // DrizzleQueryError's message is `Failed query: <sql>\nparams: <values>`; the stack repeats it.
    const spelled = `\nparams: ${String(params)}`;
    message = message.replaceAll(spelled, "");
    stack = stack.replaceAll(spelled, "");
  }
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "raw" || VALUE_FIELDS.has(key)) continue;
    safe[key] = SECRET_FIELD.test(key) ? REDACTED : withoutSecrets(value);
  }
  if (error instanceof AggregateError) safe.aggregateErrors = error.errors.map(serializeError);
  return { ...safe, message, stack };
}

function causes(error: Error): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (chain.includes(current)) break;
    chain.push(current);
  }
  return chain;
}

/** A logged value with every secret-named field redacted, a few levels deep. */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELD.test(key) ? REDACTED : withoutSecrets(item, depth + 1),
    ]),
  );
}

/** The one set of logger options, for Fastify's logger and the worker's. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "password",
        "token",
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.token",
        "*.keyHash",
      ],
      censor: REDACTED,
    },
    serializers: { err: serializeError },
  };
}
