import { Webhook } from "standardwebhooks";
import { notFound } from "../dodo-error.ts";
import { newId } from "../state/ids.ts";
import type { EventData, EventType } from "../state/wire.ts";

/**
 * Sends events the way Dodo does, over Standard Webhooks (https://www.standardwebhooks.com):
 * a JSON POST with `webhook-id`, `webhook-timestamp` and `webhook-signature`, retried on a
 * non-2xx answer or a network error. Each attempt is signed afresh at the wall clock, not the
 * stand-in's clock: receivers (the SDK's `webhooks.unwrap` included) reject a signature more
 * than five minutes from their own time, and tests move the stand-in's clock by months.
 */

export interface WebhookEvent {
  business_id: string;
  type: EventType;
  timestamp: string;
  data: EventData;
}

export interface WebhookDelivery {
  webhookId: string;
  type: string;
  body: string;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
  lastError: string | null;
}

interface DeliveryRecord extends WebhookDelivery {
  /** Attempts made on the retry schedule (the first one included), not by `redeliver`. */
  scheduledAttempts: number;
  retry: NodeJS.Timeout | undefined;
}

export interface WebhookSenderOptions {
  webhookKey: string;
  url: string | undefined;
  retryDelaysMs: readonly number[];
  /** How long one attempt may take before it counts as failed. */
  attemptTimeoutMs?: number;
}

export class WebhookSender {
  readonly #signer: Webhook;
  readonly #retryDelaysMs: readonly number[];
  readonly #attemptTimeoutMs: number;
  readonly #records: DeliveryRecord[] = [];
  #url: string | undefined;
  #closed = false;

  constructor(options: WebhookSenderOptions) {
    this.#signer = new Webhook(options.webhookKey);
    this.#retryDelaysMs = options.retryDelaysMs;
    this.#attemptTimeoutMs = options.attemptTimeoutMs ?? 15_000;
    this.#url = options.url;
  }

  setUrl(url: string): void {
    this.#url = url;
  }

  /** Records the event and makes the first attempt; resolves when that attempt has an answer. */
  async send(event: WebhookEvent): Promise<WebhookDelivery> {
    const record: DeliveryRecord = {
      webhookId: newId("msg"),
      type: event.type,
      body: JSON.stringify(event),
      attempts: 0,
      delivered: false,
      lastStatus: null,
      lastError: null,
      scheduledAttempts: 0,
      retry: undefined,
    };
    this.#records.push(record);
    await this.#scheduledAttempt(record);
    return publicView(record);
  }

  deliveries(): WebhookDelivery[] {
    return this.#records.map(publicView);
  }

  /** One more attempt with the same id and body, outside the retry schedule. */
  async redeliver(webhookId: string): Promise<number | null> {
    const record = this.#records.find((candidate) => candidate.webhookId === webhookId);
    if (record === undefined) throw notFound("Webhook message", webhookId);
    return this.#attempt(record);
  }

  /** Stops every scheduled retry; later events are recorded but not sent. */
  close(): void {
    this.#closed = true;
    for (const record of this.#records) {
      clearTimeout(record.retry);
      record.retry = undefined;
    }
  }

  async #scheduledAttempt(record: DeliveryRecord): Promise<void> {
    record.retry = undefined;
    if (record.delivered) return;
    record.scheduledAttempts += 1;
    const attemptsBefore = record.attempts;
    await this.#attempt(record);
    // Without a URL nothing was sent, so nothing failed: there is nothing to retry.
    const failed = record.attempts > attemptsBefore && !record.delivered;
    const delay = this.#retryDelaysMs[record.scheduledAttempts - 1];
    if (!failed || delay === undefined || this.#closed) return;
    record.retry = setTimeout(() => void this.#scheduledAttempt(record), delay);
    record.retry.unref();
  }

  async #attempt(record: DeliveryRecord): Promise<number | null> {
    const url = this.#url;
    if (this.#closed || url === undefined) {
      record.lastStatus = null;
      record.lastError = this.#closed
        ? "The stand-in is closed."
        : "No webhook URL is set (setWebhookUrl).";
      return null;
    }
    record.attempts += 1;
    const sentAt = new Date();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": record.webhookId,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": this.#signer.sign(record.webhookId, sentAt, record.body),
        },
        body: record.body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.#attemptTimeoutMs),
      });
      await response.body?.cancel();
      record.lastStatus = response.status;
      record.lastError = response.ok ? null : `The receiver answered HTTP ${response.status}.`;
      if (response.ok) {
        record.delivered = true;
        clearTimeout(record.retry);
        record.retry = undefined;
      }
      return response.status;
    } catch (error) {
      record.lastStatus = null;
      record.lastError = describeNetworkError(error);
      return null;
    }
  }
}

function publicView(record: DeliveryRecord): WebhookDelivery {
  return {
    webhookId: record.webhookId,
    type: record.type,
    body: record.body,
    attempts: record.attempts,
    delivered: record.delivered,
    lastStatus: record.lastStatus,
    lastError: record.lastError,
  };
}

/** fetch says only "fetch failed"; the cause says why (ECONNREFUSED, a timeout). */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
