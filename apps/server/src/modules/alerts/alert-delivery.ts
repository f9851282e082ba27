import {
  ALERT_DELIVERY_HEADER,
  ALERT_SIGNATURE_HEADER,
  ALERT_TIMESTAMP_HEADER,
  type AlertWebhookBody,
  AlertWebhookBodySchema,
} from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { TokenCipher } from "../../lib/token-cipher.ts";
import type { Mailer } from "../mail/mailer.ts";
import { alertMailMessage, slackMessage } from "./alert-messages.ts";
import { isRecipientConfirmed, RECIPIENT_NOT_CONFIRMED } from "./alert-recipients.service.ts";
import type { AlertDeliveryRow, AlertRuleRow } from "./alerts.repository.ts";
import * as repo from "./alerts.repository.ts";
import { OutboundError, type OutboundOptions, postJson } from "./outbound-http.ts";
import { signWebhook } from "./webhook-signature.ts";

/**
 * One attempt at one delivery: the rule's destination gets the delivery's body as mail, a Slack
 * message or a signed webhook, and the delivery log says how it went. The queue retries an
 * attempt that failed for a reason that may pass (see alerts.job.ts).
 */

/** Issue 7: a destination that does not answer within this is given up for the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  cipher: TokenCipher;
  outbound: OutboundOptions;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The clock of signature timestamps. */
  now: () => Date;
}

export class DeliveryFailure extends Error {
  readonly permanent: boolean;
  /** The destination is in a network this server does not send to (ADR 010). */
  readonly refused: boolean;

  constructor(message: string, options: { permanent: boolean; refused?: boolean }) {
    super(message);
    this.name = "DeliveryFailure";
    this.permanent = options.permanent;
    this.refused = options.refused ?? false;
  }
}

export type AttemptOutcome =
  | { status: "delivered"; delivery: AlertDeliveryRow }
  | { status: "retrying" | "failed"; delivery: AlertDeliveryRow; failure: DeliveryFailure }
  /** Nothing to do: the delivery is gone (its rule deleted) or already settled. */
  | { status: "skipped" };

export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  attempt: { finalAttempt: boolean },
): Promise<AttemptOutcome> {
  const target = await repo.findDeliveryTarget(deps.db, deliveryId);
  if (!target) return { status: "skipped" };
  const started = await repo.startAttempt(deps.db, deliveryId);
  if (!started) return { status: "skipped" };

  const log = { deliveryId, alertRuleId: target.rule.id, attempt: started.attempts };
  try {
    const body = AlertWebhookBodySchema.parse(target.delivery.body);
    await send(deps, target.rule, body);
  } catch (error) {
    const failure = toFailure(error);
    const status = failure.permanent || attempt.finalAttempt ? "failed" : "retrying";
    const delivery = await repo.settleDelivery(deps.db, deliveryId, {
      status,
      lastError: failure.message,
    });
    if (status === "failed") {
      deps.logger.warn({ ...log, reason: failure.message }, "alert delivery failed");
    } else {
      deps.logger.info(
        { ...log, reason: failure.message },
        "alert delivery attempt failed; retrying",
      );
    }
    return { status, delivery: delivery ?? started, failure };
  }
  const delivery = await repo.settleDelivery(deps.db, deliveryId, { status: "delivered" });
  deps.logger.info(log, "alert delivered");
  return { status: "delivered", delivery: delivery ?? started };
}

async function send(deps: DeliveryDeps, rule: AlertRuleRow, body: AlertWebhookBody) {
  const config = rule.notificationConfig;
  if ("email" in config) {
    // Checked at every attempt: alert mail reaches outsiders only once they opted in.
    if (!(await isRecipientConfirmed(deps.db, rule.workspaceId, config.email))) {
      throw new DeliveryFailure(RECIPIENT_NOT_CONFIRMED, { permanent: true });
    }
    try {
      await deps.mailer.send(alertMailMessage(config.email, body));
    } catch (error) {
      const reason = error instanceof Error ? error.message : "unknown error";
      throw new DeliveryFailure(`The mail server did not take the message (${reason})`, {
        permanent: false,
      });
    }
    return;
  }
  if ("slack_webhook" in config) {
    const answer = await postJson(
      config.slack_webhook,
      JSON.stringify(slackMessage(body)),
      {},
      deps.outbound,
    );
    expectSuccess("Slack", answer);
    return;
  }
  if (!rule.signingSecretEncrypted) {
    throw new DeliveryFailure("The rule has no signing secret; create a new one", {
      permanent: true,
    });
  }
  const secret = deps.cipher.decrypt(rule.signingSecretEncrypted);
  const json = JSON.stringify(body);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  const answer = await postJson(
    config.webhook_url,
    json,
    {
      [ALERT_SIGNATURE_HEADER]: signWebhook(secret, timestamp, json),
      [ALERT_TIMESTAMP_HEADER]: String(timestamp),
      [ALERT_DELIVERY_HEADER]: body.deliveryId,
    },
    deps.outbound,
  );
  expectSuccess("The webhook", answer);
}

/** 2xx is delivered; 408, 425, 429 and 5xx may pass; any other answer will not. */
function expectSuccess(who: string, answer: { status: number; text: string }) {
  if (answer.status >= 200 && answer.status < 300) return;
  const detail = answer.text.trim().slice(0, 200);
  const retryable = answer.status >= 500 || [408, 425, 429].includes(answer.status);
  throw new DeliveryFailure(`${who} answered HTTP ${answer.status}${detail ? `: ${detail}` : ""}`, {
    permanent: !retryable,
  });
}

function toFailure(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  if (error instanceof OutboundError) {
    return new DeliveryFailure(error.message, {
      permanent: error.permanent,
      refused: error.refused,
    });
  }
  const reason = error instanceof Error ? error.message : "unknown error";
  return new DeliveryFailure(`The alert could not be sent (${reason})`, { permanent: false });
}

/** Dead-letter handler: a delivery whose job ran out of attempts without settling it. */
export async function failInterruptedDelivery(db: Db, deliveryId: string): Promise<void> {
  await repo.failUnsettled(db, deliveryId, "The delivery was interrupted before it finished");
}
