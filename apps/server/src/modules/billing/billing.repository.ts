import { and, eq, exists, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { billingEvents, subscriptions, users } from "../../db/schema.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function findUser(db: Db, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id;
}

/**
 * Whether anyone with an account here is named by these identifiers of a provider event: a
 * user by id or email, a subscription row by the provider's customer or subscription id, or an
 * event already applied to an account with that subscription.
 */
export async function namesAnAccount(
  db: Db,
  named: { userId?: string; email?: string; customerId?: string; subscriptionId?: string },
): Promise<boolean> {
  const { userId, email, customerId, subscriptionId } = named;
  const byUser = or(
    userId === undefined ? undefined : eq(users.id, userId),
    email === undefined ? undefined : sql`lower(${users.email}) = lower(${email})`,
  );
  const bySubscription = or(
    customerId === undefined ? undefined : eq(subscriptions.providerCustomerId, customerId),
    subscriptionId === undefined
      ? undefined
      : eq(subscriptions.providerSubscriptionId, subscriptionId),
  );
  const one = { one: sql`1` };
  const check = or(
    byUser && exists(db.select(one).from(users).where(byUser)),
    bySubscription && exists(db.select(one).from(subscriptions).where(bySubscription)),
    subscriptionId === undefined
      ? undefined
      : exists(
          db
            .select(one)
            .from(billingEvents)
            .where(
              and(
                eq(billingEvents.providerSubscriptionId, subscriptionId),
                isNotNull(billingEvents.userId),
              ),
            ),
        ),
  );
  if (!check) return false;
  const [row] = await db.select({ named: sql<boolean>`${check}` }).from(sql`(select 1) as one`);
  return row?.named === true;
}

export function findSubscription(db: Db, userId: string) {
  return db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
}

export async function findUserIdByProviderSubscription(
  db: Db,
  providerSubscriptionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row?.userId;
}

/** The user's subscription row, locked until the transaction ends; made if it is missing. */
export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow> {
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for("update");
  if (!row) throw new Error(`subscription for ${userId} vanished`);
  return row;
}

export async function updateSubscription(
  db: Db,
  userId: string,
  values: Partial<
    Pick<
      SubscriptionRow,
      | "tier"
      | "status"
      | "dataSourceLimit"
      | "providerSubscriptionId"
      | "providerCustomerId"
      | "providerEventAt"
      | "paymentFailedAt"
      | "extraProperties"
    >
  >,
) {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId));
}

/** Another user's row that holds this provider subscription, which must let go of it first. */
export async function releaseProviderSubscription(
  db: Db,
  providerSubscriptionId: string,
  exceptUserId: string,
) {
  await db
    .update(subscriptions)
    .set({ providerSubscriptionId: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ne(subscriptions.userId, exceptUserId),
      ),
    );
}

/**
 * Records a delivery by its webhook id. False when the id was seen before: a duplicate
 * delivery, acknowledged and not applied again.
 */
export async function recordEvent(db: Db, event: typeof billingEvents.$inferInsert) {
  const inserted = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ webhookId: billingEvents.webhookId });
  return inserted.length > 0;
}

export async function setEventOutcome(db: Db, webhookId: string, outcome: "applied" | "stale") {
  await db.update(billingEvents).set({ outcome }).where(eq(billingEvents.webhookId, webhookId));
}

/** Users whose renewal payment failed at or before `failedBefore` and who still hold a paid tier. */
export async function lapsedSubscriptions(db: Db, failedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.paymentFailedAt),
        lte(subscriptions.paymentFailedAt, failedBefore),
        ne(subscriptions.tier, "free"),
      ),
    );
  return rows.map((row) => row.userId);
}
