import {
  type ConventionsResponse,
  NamingConventionsSchema,
  type NamingConventionsValues,
  UTM_PARAM_KEYS,
} from "@utmost/contracts";
import { validateConventions } from "@utmost/engine";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireMembership, requirePermission } from "../workspaces/workspaces.service.ts";
import * as repo from "./conventions.repository.ts";

/**
 * A workspace's naming conventions (ADR 012): every member reads them (the link builder offers
 * their values), the owner and admins change them; scans and the link builder hold values to them.
 */

export async function getConventions(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<ConventionsResponse> {
  await requireMembership(db, workspaceId, userId);
  const row = await repo.findConventions(db, workspaceId);
  return {
    conventions: parseStored(row?.conventions),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function updateConventions(
  db: Db,
  workspaceId: string,
  userId: string,
  values: NamingConventionsValues,
): Promise<ConventionsResponse> {
  await requirePermission(db, workspaceId, userId, "manageConventions");
  const conventions = normalize(values);
  const errors = validateConventions(conventions);
  const first = errors[0];
  if (first) {
    throw new AppError(
      "VALIDATION_FAILED",
      first.message,
      errors.map((error) => ({ path: error.param, message: error.message })),
    );
  }
  const row = await repo.saveConventions(db, workspaceId, conventions, userId);
  return { conventions, updatedAt: row.updatedAt.toISOString() };
}

/** What a scan of the workspace's properties holds values to; none when never saved. */
export async function conventionsForScan(
  db: Db,
  workspaceId: string,
): Promise<NamingConventionsValues> {
  const row = await repo.findConventions(db, workspaceId);
  return parseStored(row?.conventions);
}

/**
 * Patterns trimmed, duplicate values dropped, parameters with neither a list nor a pattern left
 * out, so what is stored says only what is enforced.
 */
function normalize(values: NamingConventionsValues): NamingConventionsValues {
  const out: NamingConventionsValues = {};
  for (const param of UTM_PARAM_KEYS) {
    const convention = values[param];
    if (!convention) continue;
    const allowed = [...new Set(convention.allowed ?? [])];
    const pattern = (convention.pattern ?? "").trim();
    if (allowed.length === 0 && pattern === "") continue;
    out[param] = {
      ...(allowed.length > 0 ? { allowed } : {}),
      ...(pattern !== "" ? { pattern } : {}),
    };
  }
  return out;
}

/** Rows were validated when saved; a row that no longer parses enforces nothing. */
function parseStored(stored: unknown): NamingConventionsValues {
  const parsed = NamingConventionsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
