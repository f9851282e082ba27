import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";

/** The newest mail the app wrote to `email` (addresses are kept lower-case); throws if none. */
export async function newestMailTo(db: Db, email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}
