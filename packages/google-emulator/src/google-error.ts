/**
 * Google's REST error envelope (ga4-protocol.md §0, §3.10):
 * `{"error": {"code": <http>, "message": "...", "status": "<google.rpc.Code name>", "details"?: [...]}}`.
 * The OAuth token endpoint uses a different, flat shape (§1.7), built where it is used.
 */
export interface GoogleApiError {
  code: number;
  status: string;
  message: string;
  details?: readonly Record<string, unknown>[];
}

export function googleErrorBody(error: GoogleApiError): { error: GoogleApiError } {
  return {
    error: {
      code: error.code,
      message: error.message,
      status: error.status,
      ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
    },
  };
}

export function invalidArgument(message: string): GoogleApiError {
  return { code: 400, status: "INVALID_ARGUMENT", message };
}

export const PERMISSION_DENIED_PROPERTY: GoogleApiError = {
  code: 403,
  status: "PERMISSION_DENIED",
  message:
    "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.",
};

export const UNAUTHENTICATED: GoogleApiError = {
  code: 401,
  status: "UNAUTHENTICATED",
  message:
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
};
