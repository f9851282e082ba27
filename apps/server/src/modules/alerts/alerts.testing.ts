import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { alertRules } from "../../db/schema.ts";

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
