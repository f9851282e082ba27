import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaceBranding, workspaces } from "../../db/schema.ts";

export type BrandingRow = typeof workspaceBranding.$inferSelect;

/** The workspace's name and its saved branding (null without any), without the logo's bytes. */
export async function findBranding(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      workspaceName: workspaces.name,
      displayName: workspaceBranding.displayName,
      brandColor: workspaceBranding.brandColor,
      hasLogo: sql<boolean>`${workspaceBranding.logo} is not null`,
      updatedAt: workspaceBranding.updatedAt,
    })
    .from(workspaces)
    .leftJoin(workspaceBranding, eq(workspaceBranding.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row;
}

export async function findLogo(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ logo: workspaceBranding.logo, contentType: workspaceBranding.logoContentType })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, workspaceId))
    .limit(1);
  return row?.logo && row.contentType ? { bytes: row.logo, contentType: row.contentType } : null;
}

export async function saveNameAndColor(
  db: Db,
  workspaceId: string,
  values: { displayName: string; brandColor: string },
): Promise<void> {
  await db
    .insert(workspaceBranding)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({
      target: workspaceBranding.workspaceId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Keeps the logo. A workspace without branding yet gets its defaults saved with it, as the
 * name and colour are required columns.
 */
export async function saveLogo(
  db: Db,
  workspaceId: string,
  logo: { bytes: Buffer; contentType: string } | null,
  defaults: { displayName: string; brandColor: string },
): Promise<void> {
  const values = { logo: logo?.bytes ?? null, logoContentType: logo?.contentType ?? null };
  await db
    .insert(workspaceBranding)
    .values({
      workspaceId,
      displayName: defaults.displayName,
      brandColor: defaults.brandColor,
      ...values,
    })
    .onConflictDoUpdate({
      target: workspaceBranding.workspaceId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
