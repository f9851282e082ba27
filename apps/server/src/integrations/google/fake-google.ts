/**
 * A scripted `fetch` for unit tests of code that talks to Google: answers come from a function,
 * every request is kept for assertions.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export type FakeRoute = (request: RecordedRequest) => Response | Promise<Response>;

export interface ScriptedFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

/** A `fetch` that answers with `route` and keeps every request it saw. */
export function scriptedFetch(route: FakeRoute): ScriptedFetch {
  const requests: RecordedRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    requests.push(recorded);
    return route(recorded);
  };
  return { fetch: fetchImpl, requests };
}

/** A JSON answer the way Google sends one (§3.10: `application/json; charset=UTF-8`). */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8", ...headers },
  });
}

/** Google's REST error envelope (§0). */
export function googleErrorResponse(
  status: number,
  googleStatus: string,
  message: string,
  details?: Record<string, unknown>[],
): Response {
  return jsonResponse(
    { error: { code: status, message, status: googleStatus, ...(details ? { details } : {}) } },
    status,
  );
}
