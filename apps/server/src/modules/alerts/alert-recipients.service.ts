import { createHash, randomBytes } from "node:crypto";
import type { AlertRecipientStatus, ConfirmAlertRecipientResponse } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { alertRecipientConfirmationMail } from "../mail/templates.ts";
import { requireWithinLimits } from "../rate-limits/rate-limits.service.ts";
import * as repo from "./alert-recipients.repository.ts";

/**
 * Double opt-in for email alerts (issue 21, finding 4): a rule may name any address, but alert
 * mail goes only to the workspace's verified members and to addresses that confirmed a mailed
 * link, so nobody can use Utmost to mail strangers. Confirmation holds per workspace and address,
 * for every rule of the workspace that sends there.
 */

/** A confirmation link works for a week. */
const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Confirmation requests one user may send an hour, on top of the token left open per address. */
const CONFIRMATIONS_PER_USER_PER_HOUR = 10;

export const RECIPIENT_NOT_CONFIRMED =
  "The recipient has not confirmed yet: alerts go to an address outside the workspace only after it confirms the link we mailed it";

export function normaliseRecipient(email: string): string {
  return email.trim().toLowerCase();
}

function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Each rule's recipient status, for a workspace's email rules (null for other channels). */
export async function recipientStatuses(
  db: Db,
  workspaceId: string,
  emails: (string | null)[],
): Promise<(AlertRecipientStatus | null)[]> {
  const wanted = [
    ...new Set(emails.filter((e): e is string => e !== null).map(normaliseRecipient)),
  ];
  const confirmed = await repo.confirmedAddresses(db, workspaceId, wanted);
  return emails.map((email) => {
    if (email === null) return null;
    return confirmed.has(normaliseRecipient(email)) ? "confirmed" : "awaiting_confirmation";
  });
}

export async function isRecipientConfirmed(
  db: Db,
  workspaceId: string,
  email: string,
): Promise<boolean> {
  const address = normaliseRecipient(email);
  return (await repo.confirmedAddresses(db, workspaceId, [address])).has(address);
}

/**
 * Before a rule is saved with `email`: nothing when the address may already receive alerts or a
 * confirmation is still open; otherwise one confirmation mail with a single-use link. The link's
 * token is 32 random bytes of which only the SHA-256 is stored, so it cannot be guessed or forged
 * and a database copy opens nothing. Counted against the user's confirmation budget (429 past it).
 */
export async function requestConfirmationIfNeeded(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  request: {
    workspace: { id: string; name: string };
    email: string;
    user: { id: string; name: string };
  },
): Promise<AlertRecipientStatus> {
  const { db } = deps;
  const email = normaliseRecipient(request.email);
  if (await isRecipientConfirmed(db, request.workspace.id, email)) return "confirmed";
  if (await repo.hasOpenConfirmation(db, request.workspace.id, email)) {
    return "awaiting_confirmation";
  }
  await requireWithinLimits(db, [
    {
      key: `alert-confirmations:user:${request.user.id}`,
      limit: CONFIRMATIONS_PER_USER_PER_HOUR,
      windowSeconds: 60 * 60,
      message: (seconds) =>
        `Too many new alert recipients to confirm: at most ${CONFIRMATIONS_PER_USER_PER_HOUR} an hour. Try again in ${Math.ceil(seconds / 60)} min.`,
    },
  ]);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const claimed = await repo.claimConfirmation(db, {
    workspaceId: request.workspace.id,
    email,
    tokenHash: hashToken(token),
    tokenExpiresAt: expiresAt,
    requestedByUserId: request.user.id,
  });
  if (!claimed) return "awaiting_confirmation";
  const url = new URL("/alert-recipients/confirm", deps.appUrl);
  url.searchParams.set("token", token);
  try {
    await deps.mailer.send(
      alertRecipientConfirmationMail({
        to: email,
        workspaceName: request.workspace.name,
        requesterName: request.user.name,
        url: url.toString(),
        expiresAt,
      }),
    );
  } catch {
    // A token nobody received must not hold the address for a week: the next save sends again.
    await repo.releaseConfirmation(db, request.workspace.id, email);
    throw new AppError(
      "MAIL_DELIVERY_FAILED",
      "The confirmation email to the recipient could not be sent, so the rule was not saved. Please try again.",
    );
  }
  return "awaiting_confirmation";
}

/** The recipient's click: the open token confirms the address once, then is spent. */
export async function confirmRecipient(
  db: Db,
  token: string,
): Promise<ConfirmAlertRecipientResponse> {
  const confirmed = await repo.confirmByTokenHash(db, hashToken(token));
  if (!confirmed) {
    throw new AppError(
      "NOT_FOUND",
      "This confirmation link is not valid: it was already used or has expired. Ask the workspace to save the alert rule again for a new one.",
    );
  }
  return confirmed;
}
