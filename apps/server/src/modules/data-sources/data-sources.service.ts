import type { DataSource } from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { type GoogleOAuthClient, isGoogleError } from "../../integrations/google/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { TokenCipher } from "../../lib/token-cipher.ts";
import { toScan } from "../scans/scans.mapper.ts";
import { requireMembership } from "../workspaces/workspaces.service.ts";
import { requireDataSource } from "./data-sources.access.ts";
import { toDataSource } from "./data-sources.mapper.ts";
import * as repo from "./data-sources.repository.ts";

export async function listDataSources(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<DataSource[]> {
  const rows = await repo.listWithNewestScan(db, workspaceId, userId);
  // No properties yet, or not the caller's workspace (404): only then is it worth asking which.
  if (rows.length === 0) await requireMembership(db, workspaceId, userId);
  return rows.map((row) => toDataSource(row.dataSource, row.scan ? toScan(row.scan) : null));
}

export async function getDataSource(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<DataSource> {
  const row = await repo.findWithNewestScan(db, dataSourceId, userId);
  if (!row) throw new AppError("NOT_FOUND", "Analytics property not found");
  return toDataSource(row.dataSource, row.scan ? toScan(row.scan) : null);
}

export interface DeleteDeps {
  db: Db;
  cipher: TokenCipher;
  /** Null when this deployment has no Google: nothing to revoke with. */
  revoker: Pick<GoogleOAuthClient, "revoke"> | null;
  log: Pick<FastifyBaseLogger, "warn">;
}

/**
 * Deletes the property; its scans, issues and their history go with it (foreign keys cascade)
 * and the owner's data_sources_used follows (migration 0003). Then, best effort, Google forgets
 * the grant: a failure there is logged and the delete stands.
 */
export async function deleteDataSource(
  deps: DeleteDeps,
  dataSourceId: string,
  userId: string,
): Promise<void> {
  const row = await requireDataSource(deps.db, dataSourceId, userId);
  await repo.deleteById(deps.db, row.id);
  if (!deps.revoker || !row.refreshTokenEncrypted) return;
  // Google revokes a whole grant (account and client), not one token: while another property
  // connected by the same person may rely on it, it stays.
  if (
    row.connectedByUserId &&
    (await repo.otherConnectedBy(deps.db, row.connectedByUserId, row.id))
  ) {
    return;
  }
  try {
    await deps.revoker.revoke(deps.cipher.decrypt(row.refreshTokenEncrypted));
  } catch (error) {
    deps.log.warn(
      { dataSourceId: row.id, reason: isGoogleError(error) ? error.code : errorName(error) },
      "revoking the Google grant of a deleted property failed",
    );
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "unknown";
}
