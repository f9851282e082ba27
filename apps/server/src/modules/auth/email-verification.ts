import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * An unverified account (a password sign-up whose link is not yet followed) can sign in, look
 * around and resend its link, but nothing that mails other people or grants rights: inviting
 * members, alert rules and test alerts by email, API keys, the admin role. Otherwise anyone
 * could sign up with someone else's address and act in their name.
 */
export async function requireVerifiedEmail(db: Db, userId: string): Promise<void> {
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  if (user.emailVerified) return;
  throw new AppError(
    "EMAIL_NOT_VERIFIED",
    `Verify your email address first: we sent a link to ${user.email}.`,
  );
}

/**
 * Marks the address verified (an invitation link opened by its addressee proves it as well as
 * the verification link does); whether it was not verified before.
 */
export async function markEmailVerified(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}
