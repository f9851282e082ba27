import { z } from "zod";
import type { AdminGrantResult } from "./admin.service.ts";

/** `npm run admin:grant -- EMAIL [--revoke]`: what the command line asks for, or why not. */
export type AdminGrantCommand =
  | { kind: "run"; email: string; action: "grant" | "revoke" }
  | { kind: "usage-error"; message: string };

export const ADMIN_GRANT_USAGE = "Usage: npm run admin:grant -- EMAIL [--revoke]";

export function parseAdminGrantArgs(args: readonly string[]): AdminGrantCommand {
  const revoke = args.includes("--revoke");
  const unknownFlags = args.filter((arg) => arg.startsWith("-") && arg !== "--revoke");
  const emails = args.filter((arg) => !arg.startsWith("-"));
  if (unknownFlags.length > 0) {
    return {
      kind: "usage-error",
      message: `Unknown option ${unknownFlags[0]}.\n${ADMIN_GRANT_USAGE}`,
    };
  }
  if (emails.length !== 1 || emails[0] === undefined) {
    return {
      kind: "usage-error",
      message: `${emails.length === 0 ? "Missing the user's email." : "Give one email at a time."}\n${ADMIN_GRANT_USAGE}`,
    };
  }
  const email = emails[0].trim().toLowerCase();
  if (!z.email().safeParse(email).success) {
    return {
      kind: "usage-error",
      message: `"${emails[0]}" is not an email address.\n${ADMIN_GRANT_USAGE}`,
    };
  }
  return { kind: "run", email, action: revoke ? "revoke" : "grant" };
}

/** The line the command prints and its exit code: 0 when the user ends in the asked state. */
export function describeAdminGrant(result: AdminGrantResult): {
  message: string;
  exitCode: number;
} {
  switch (result.kind) {
    case "granted":
      return { message: `${result.email} is now a system administrator.`, exitCode: 0 };
    case "already-admin":
      return { message: `${result.email} was already a system administrator.`, exitCode: 0 };
    case "revoked":
      return { message: `${result.email} is no longer a system administrator.`, exitCode: 0 };
    case "not-admin":
      return { message: `${result.email} was not a system administrator.`, exitCode: 0 };
    case "unknown-email":
      return {
        message: `No user has the email ${result.email}. They must sign up first (or list it in ADMIN_EMAILS to be granted at sign-up).`,
        exitCode: 1,
      };
  }
}
