import { describe, expect, it } from "vitest";
import { classifyApiError, tokenQuotaWindow } from "./errors.ts";

const envelope = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});

describe("classifyApiError", () => {
  it("tells a missing scope from a property the user cannot see (§3.10)", () => {
    const scope = classifyApiError(
      403,
      envelope(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
          domain: "googleapis.com",
          metadata: { service: "analyticsdata.googleapis.com" },
        },
      ]),
    );
    expect(scope.error.code).toBe("GOOGLE_SCOPE_INSUFFICIENT");
    expect(scope.error.reason).toBe("ACCESS_TOKEN_SCOPE_INSUFFICIENT");
    expect(scope.retryable).toBe(false);

    const denied = classifyApiError(
      403,
      envelope(
        403,
        "PERMISSION_DENIED",
        "User does not have sufficient permissions for this property.",
      ),
    );
    expect(denied.error).toMatchObject({
      code: "GOOGLE_PERMISSION_DENIED",
      status: 403,
      googleStatus: "PERMISSION_DENIED",
      googleMessage: "User does not have sufficient permissions for this property.",
    });
  });

  it("fails at once on exhausted property tokens, naming the window", () => {
    for (const [message, window] of [
      ["Exhausted property tokens per hour. Wait an hour.", "hour"],
      ["Exhausted property tokens per day.", "day"],
      ["Exhausted property tokens per hour for a project per property.", "project-hour"],
    ] as const) {
      const result = classifyApiError(429, envelope(429, "RESOURCE_EXHAUSTED", message));
      expect(result.retryable).toBe(false);
      expect(result.error.code).toBe("GOOGLE_QUOTA_EXHAUSTED");
      expect(result.error.quotaWindow).toBe(window);
    }
  });

  it("retries other 429s (concurrent requests), and 500/502/503/504", () => {
    const concurrent = classifyApiError(
      429,
      envelope(429, "RESOURCE_EXHAUSTED", "Exhausted concurrent requests quota."),
    );
    expect(concurrent.retryable).toBe(true);
    expect(concurrent.error.quotaWindow).toBe("other");
    for (const status of [500, 502, 503, 504]) {
      const result = classifyApiError(status, undefined);
      expect(result.retryable).toBe(true);
      expect(result.error.code).toBe("GOOGLE_UNAVAILABLE");
    }
    expect(classifyApiError(501, undefined).retryable).toBe(false);
  });

  it("carries Google's message on a 400 and maps a 401 to an expired grant", () => {
    const invalid = classifyApiError(
      400,
      envelope(400, "INVALID_ARGUMENT", "Field foo is not a valid dimension."),
    );
    expect(invalid.error.code).toBe("GOOGLE_INVALID_REQUEST");
    expect(invalid.error.message).toContain("Field foo is not a valid dimension.");
    expect(invalid.error.googleMessage).toBe("Field foo is not a valid dimension.");
    expect(classifyApiError(401, undefined).error.code).toBe("GOOGLE_AUTH_EXPIRED");
    expect(classifyApiError(401, undefined).error.message).toMatch(/expired.*reconnect/i);
  });

  it("maps by status alone when the body is not Google's envelope", () => {
    const html = classifyApiError(502, "<html>Bad Gateway</html>");
    expect(html.error.code).toBe("GOOGLE_UNAVAILABLE");
    expect(html.error.googleMessage).toBeUndefined();
    expect(classifyApiError(404, undefined).error.code).toBe("GOOGLE_PERMISSION_DENIED");
  });
});

describe("tokenQuotaWindow", () => {
  it("only recognises token exhaustion", () => {
    expect(tokenQuotaWindow("Exhausted concurrent requests quota.")).toBeUndefined();
    expect(tokenQuotaWindow("")).toBeUndefined();
  });
});
