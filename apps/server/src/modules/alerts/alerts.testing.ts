import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { alertRecipients, alertRules } from "../../db/schema.ts";

/** Factories with valid defaults for alert tests (STYLE.md, Tests). */

export async function insertAlertRule(
  db: Db,
  values: { workspaceId: string } & Partial<typeof alertRules.$inferInsert>,
) {
  const [row] = await db
    .insert(alertRules)
    .values({
      alertType: "email",
      triggerCondition: "scan_completed",
      thresholdValue: null,
      notificationConfig: { email: `alerts-${randomBytes(4).toString("hex")}@example.com` },
      frequency: "realtime",
      ...values,
    })
    .returning();
  if (!row) throw new Error("alert rule insert returned no row");
  return row;
}

/**
 * The address has confirmed the workspace's alerts, as its mailed link would (alert-recipients
 * tests go through the link itself); for tests about what is delivered, not who may receive it.
 */
export async function confirmAlertRecipient(db: Db, workspaceId: string, email: string) {
  await db
    .insert(alertRecipients)
    .values({ workspaceId, email: email.toLowerCase(), confirmedAt: new Date() })
    .onConflictDoUpdate({
      target: [alertRecipients.workspaceId, alertRecipients.email],
      set: { confirmedAt: new Date(), tokenHash: null, tokenExpiresAt: null },
    });
}
