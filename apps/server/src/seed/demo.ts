import { PLANS } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions, users } from "../db/schema.ts";
import { markOnboardingCompleted } from "../modules/accounts/accounts.repository.ts";
import { grantAdmin } from "../modules/admin/admin.repository.ts";
import type { Auth } from "../modules/auth/auth.ts";
import { createWithOwner } from "../modules/workspaces/workspaces.repository.ts";

export const DEMO_LOGIN = {
  fullName: "Demo Marketer",
  email: "demo@utmost.local",
  password: "utmost-demo",
} as const;

/**
 * The embedded default's ready-made account, so a newcomer can look around at once. It is a
 * system administrator too, so the admin console (spec §2 /admin) can be seen in the demo, and
 * on Agency, so every feature a plan sells (alerts on every channel, CSV exports) can be tried.
 */
export async function seedDemo(db: Db, auth: Auth): Promise<void> {
  const existing = await db.query.users.findFirst({ where: eq(users.email, DEMO_LOGIN.email) });
  if (existing) {
    // A data directory seeded before the demo login was an admin, or before addresses were
    // verified.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
    await grantAdmin(db, [existing.id]);
    return;
  }
  // Made the way a sign-up makes an account, but verified: no link to follow, none mailed.
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      name: DEMO_LOGIN.fullName,
      email: DEMO_LOGIN.email,
      emailVerified: true,
    },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(DEMO_LOGIN.password),
  });
  await db
    .update(subscriptions)
    // A plan given, not billed (ADR 020): no Dodo event takes it back.
    .set({
      tier: "agency",
      status: "active",
      dataSourceLimit: PLANS.agency.properties,
      complimentarySince: new Date(),
    })
    .where(eq(subscriptions.userId, user.id));
  await createWithOwner(db, { name: "Demo Workspace", type: "personal", ownerId: user.id });
  await markOnboardingCompleted(db, user.id);
  await grantAdmin(db, [user.id]);
}
