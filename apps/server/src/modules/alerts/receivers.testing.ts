import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** Real receivers on loopback for alert tests: an SMTP server and HTTP endpoints. */

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Requests answered with 2xx: what the receiver accepted. */
  accepted(): ReceivedRequest[];
  close(): Promise<void>;
}

/** An HTTP endpoint whose answer to each POST `answer` decides (the request and its index). */
export async function startHttpReceiver(
  answer: (
    request: Omit<ReceivedRequest, "status">,
    index: number,
  ) => { status: number; body?: string },
): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const reply = answer(received, requests.length);
      requests.push({ ...received, status: reply.status });
      res.writeHead(reply.status, { "content-type": "text/plain" });
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    accepted: () => requests.filter((request) => request.status >= 200 && request.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Slack incoming webhook: 200 "ok" for a message with text and blocks, else 400. */
export function startSlackReceiver(): Promise<HttpReceiver> {
  return startHttpReceiver((request) => {
    try {
      const message = JSON.parse(request.body) as { text?: unknown; blocks?: unknown };
      if (typeof message.text === "string" && Array.isArray(message.blocks)) {
        return { status: 200, body: "ok" };
      }
    } catch {
      // Answered below, as Slack does.
    }
    return { status: 400, body: "invalid_payload" };
  });
}

/** Polls `read` until it gives a value. */
export async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
