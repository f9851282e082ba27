import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import DodoPayments from "dodopayments";
import { Webhook } from "standardwebhooks";

type UnwrapWebhookEvent = DodoPayments.UnwrapWebhookEvent;

/**
 * A loopback webhook endpoint for tests: it verifies every request twice, with the Standard
 * Webhooks library and with the SDK's `webhooks.unwrap` (what the server does), records what
 * passed, and answers with the statuses a test queued (200 otherwise). A request that fails
 * verification is answered 400 and listed in `rejected`, which every test expects to be empty.
 */

export interface ReceivedEvent {
  webhookId: string;
  body: string;
  event: UnwrapWebhookEvent;
  answeredWith: number;
}

export interface WebhookReceiver {
  url: string;
  /** Verified requests in arrival order, duplicates and failed-on-purpose answers included. */
  received: ReceivedEvent[];
  /** Why each unverifiable request was refused. */
  rejected: string[];
  /** Answer the next requests with these statuses, in order; 200 after that. */
  answerNext(...statuses: number[]): void;
  /** The verified events of one type, in arrival order. */
  ofType(type: UnwrapWebhookEvent["type"]): ReceivedEvent[];
  close(): Promise<void>;
}

export function newWebhookKey(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export async function startWebhookReceiver(webhookKey: string): Promise<WebhookReceiver> {
  const sdk = new DodoPayments({ bearerToken: "unused", baseURL: "http://127.0.0.1:9" });
  const standard = new Webhook(webhookKey);
  const received: ReceivedEvent[] = [];
  const rejected: string[] = [];
  const queued: number[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = flatHeaders(request.headers);
      let event: UnwrapWebhookEvent;
      try {
        standard.verify(body, headers);
        event = sdk.webhooks.unwrap(body, { headers, key: webhookKey });
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
        return;
      }
      const answeredWith = queued.shift() ?? 200;
      received.push({ webhookId: headers["webhook-id"] ?? "", body, event, answeredWith });
      response.writeHead(answeredWith, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks/dodo`,
    received,
    rejected,
    answerNext: (...statuses) => queued.push(...statuses),
    ofType: (type) => received.filter((item) => item.event.type === type),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}
