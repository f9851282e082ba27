/**
 * Reading a request body the way Google's JSON front end does (ga4-protocol.md §0): camelCase or
 * proto snake_case field names, `null` as "not set", int64 as a JSON number or a decimal string,
 * enums by name, and unknown fields rejected. Malformed JSON gets the front end's wording
 * (`Invalid JSON payload received. Unknown name "x" at 'y': Cannot find field.`,
 * `Invalid value at 'limit' (TYPE_INT64), "abc"`) with a `google.rpc.BadRequest` detail; paths
 * are proto (snake_case) field paths, as in those messages.
 */
import { type GoogleApiError, invalidArgument } from "../google-error.ts";

/** Thrown while a request is read; the method's entry point turns it into its 400 answer. */
export class RequestRejected extends Error {
  readonly apiError: GoogleApiError;

  constructor(apiError: GoogleApiError) {
    super(apiError.message);
    this.apiError = apiError;
  }
}

/** A request that is well-formed JSON but asks for something invalid. */
export function reject(message: string): never {
  throw new RequestRejected(invalidArgument(message));
}

function rejectPayload(description: string, field: string): never {
  const violation = field === "" ? { description } : { field, description };
  throw new RequestRejected({
    ...invalidArgument(description),
    details: [
      { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [violation] },
    ],
  });
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

function rejectValue(path: string, type: string, value: unknown): never {
  return rejectPayload(`Invalid value at '${path}' (${type}), ${show(value)}`, path);
}

/** `dimensionFilter` -> `dimension_filter`, for proto paths in messages. */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The proto path of `field` inside the message at `path`. */
export function child(path: string, field: string): string {
  return path === "" ? snake(field) : `${path}.${snake(field)}`;
}

export type Fields = Readonly<Record<string, unknown>>;

const DATA_TYPES = "type.googleapis.com/google.analytics.data.v1beta";

/**
 * A message's fields by camelCase name, without the ones set to `null`. `type` is the proto
 * message name (`Dimension`), used in the message for a value that is not an object.
 */
export function readMessage(
  value: unknown,
  path: string,
  type: string,
  known: readonly string[],
): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    if (path === "") {
      rejectPayload(
        'Invalid JSON payload received. Unknown name "": Root element must be a message.',
        "",
      );
    }
    rejectValue(path, `${DATA_TYPES}.${type}`, value);
  }
  const fields: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const name = known.includes(key) ? key : camel(key);
    if (!known.includes(name)) {
      const at = path === "" ? "" : ` at '${path}'`;
      rejectPayload(
        `Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`,
        path,
      );
    }
    if (fieldValue !== null) fields[name] = fieldValue;
  }
  return fields;
}

/**
 * The one member of a oneof that is set, or undefined. Google refuses a second member in the
 * JSON itself, before looking at the values.
 */
export function readOneof<const T extends string>(
  fields: Fields,
  path: string,
  oneof: string,
  members: readonly T[],
): T | undefined {
  const set = members.filter((member) => fields[member] !== undefined);
  if (set.length > 1) {
    rejectPayload(
      `Invalid JSON payload received. Oneof field '${oneof}' is already set. Cannot set '${set[1]}'`,
      path,
    );
  }
  return set[0];
}

export function readString(fields: Fields, name: string, path: string): string | undefined {
  const value = fields[name];
  if (value === undefined || typeof value === "string") return value;
  return rejectValue(child(path, name), "TYPE_STRING", value);
}

/** One element of a repeated string field. */
export function stringAt(value: unknown, path: string): string {
  if (typeof value === "string") return value;
  return rejectValue(path, "TYPE_STRING", value);
}

export function readBool(fields: Fields, name: string, path: string): boolean {
  const value = fields[name];
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  return rejectValue(child(path, name), "TYPE_BOOL", value);
}

const INT64 = /^-?\d+$/;

/** An int64 field, sent as a JSON number or a decimal string; 0 when unset (proto3). */
export function readInt64(fields: Fields, name: string, path: string): number {
  const value = fields[name];
  if (value === undefined) return 0;
  const parsed =
    typeof value === "number"
      ? value
      : typeof value === "string" && INT64.test(value)
        ? Number(value)
        : Number.NaN;
  if (Number.isSafeInteger(parsed)) return parsed;
  return rejectValue(child(path, name), "TYPE_INT64", value);
}

/** A NumericValue's double, which proto3 JSON also accepts as a numeric string. */
export function readDouble(fields: Fields, name: string, path: string): number | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  const parsed = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof parsed === "number" && !Number.isNaN(parsed)) return parsed;
  return rejectValue(child(path, name), "TYPE_DOUBLE", value);
}

/** A repeated field (empty when unset); `type` names its element for the message. */
export function readRepeated(
  fields: Fields,
  name: string,
  path: string,
  type: string,
): readonly unknown[] {
  const value = fields[name];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  return rejectValue(
    child(path, name),
    type.startsWith("TYPE_") ? type : `${DATA_TYPES}.${type}`,
    value,
  );
}

/** An enum field by value name; `type` is the enum's proto name (`OrderBy.DimensionOrderBy.OrderType`). */
export function readEnum<const T extends string>(
  fields: Fields,
  name: string,
  path: string,
  type: string,
  values: readonly T[],
): T | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  return enumValue(value, child(path, name), type, values);
}

/** One enum value at `path` (also used for the elements of a repeated enum field). */
export function enumValue<const T extends string>(
  value: unknown,
  path: string,
  type: string,
  values: readonly T[],
): T {
  const found = values.find((candidate) => candidate === value);
  if (found !== undefined) return found;
  return rejectValue(path, `${DATA_TYPES}.${type}`, value);
}
