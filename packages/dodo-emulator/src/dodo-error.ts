/**
 * One error type for everything the stand-in refuses, answered as Dodo answers:
 * `{ "code": "...", "message": "..." }` with the status. The control API rejects with the same
 * errors, so a test reads the same code whichever way it drove the stand-in.
 */
export class DodoApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "DodoApiError";
    this.status = status;
    this.code = code;
  }
}

export function notFound(what: string, id: string): DodoApiError {
  return new DodoApiError(404, "NOT_FOUND", `${what} ${id} does not exist.`);
}

export function invalidBody(message: string): DodoApiError {
  return new DodoApiError(422, "INVALID_REQUEST_BODY", message);
}

/** The request is well formed but the object is past the state it asks for. */
export function invalidState(message: string): DodoApiError {
  return new DodoApiError(409, "INVALID_STATE", message);
}
