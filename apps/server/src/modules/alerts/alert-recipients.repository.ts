import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { alertRecipients, users, workspaces, workspaceUsers } from "../../db/schema.ts";

/**
 * Of `emails` (lower-cased), those the workspace may mail alerts to: its members whose address
 * is verified, and the addresses that confirmed the mailed link.
 */
export async function confirmedAddresses(
  db: Db,
  workspaceId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const members = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(workspaceUsers)
    .innerJoin(users, eq(users.id, workspaceUsers.userId))
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(users.emailVerified, true),
        inArray(sql`lower(${users.email})`, emails),
      ),
    );
  const confirmed = await db
    .select({ email: alertRecipients.email })
    .from(alertRecipients)
    .where(
      and(
        eq(alertRecipients.workspaceId, workspaceId),
        isNotNull(alertRecipients.confirmedAt),
        inArray(alertRecipients.email, emails),
      ),
    );
  return new Set([...members, ...confirmed].map((row) => row.email));
}

/**
 * Gives an unconfirmed address a new confirmation token, unless one is still open: saving a
 * rule again must not mail the address again. Answers whether this call set a token (and so
 * must send the mail); concurrent calls cannot both get true.
 */
export async function claimConfirmation(
  db: Db,
  values: {
    workspaceId: string;
    email: string;
    tokenHash: string;
    tokenExpiresAt: Date;
    requestedByUserId: string;
  },
): Promise<boolean> {
  const claimed = await db
    .insert(alertRecipients)
    .values(values)
    .onConflictDoUpdate({
      target: [alertRecipients.workspaceId, alertRecipients.email],
      set: {
        tokenHash: values.tokenHash,
        tokenExpiresAt: values.tokenExpiresAt,
        requestedByUserId: values.requestedByUserId,
        updatedAt: sql`now()`,
      },
      setWhere: and(
        isNull(alertRecipients.confirmedAt),
        or(isNull(alertRecipients.tokenExpiresAt), lte(alertRecipients.tokenExpiresAt, sql`now()`)),
      ),
    })
    .returning({ email: alertRecipients.email });
  return claimed.length > 0;
}

/** Closes an unconfirmed address's open token (its mail could not be sent). */
export async function releaseConfirmation(db: Db, workspaceId: string, email: string) {
  await db
    .update(alertRecipients)
    .set({ tokenHash: null, tokenExpiresAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(alertRecipients.workspaceId, workspaceId),
        eq(alertRecipients.email, email),
        isNull(alertRecipients.confirmedAt),
      ),
    );
}

/** Whether an open (unexpired) confirmation is waiting for the address. */
export async function hasOpenConfirmation(
  db: Db,
  workspaceId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ email: alertRecipients.email })
    .from(alertRecipients)
    .where(
      and(
        eq(alertRecipients.workspaceId, workspaceId),
        eq(alertRecipients.email, email),
        isNull(alertRecipients.confirmedAt),
        gt(alertRecipients.tokenExpiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Confirms the address whose open token hashes to `tokenHash`; the token is then spent. */
export async function confirmByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .update(alertRecipients)
    .set({ confirmedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(alertRecipients.tokenHash, tokenHash),
        gt(alertRecipients.tokenExpiresAt, sql`now()`),
        isNull(alertRecipients.confirmedAt),
      ),
    )
    .returning({ workspaceId: alertRecipients.workspaceId, email: alertRecipients.email });
  if (!row) return undefined;
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspaceId));
  return { email: row.email, workspaceName: workspace?.name ?? "" };
}
