/**
 * Makes a user a system administrator (spec §6: a user_roles row with role admin), or takes the
 * role away with --revoke, on the database the app is configured with (DATABASE_URL, or the
 * embedded one in DATA_DIR; stop `npm start` first, the embedded database takes one process).
 *
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:grant -- someone@example.com --revoke
 */
import { openDatabase } from "../db/client.ts";
import { ConfigError, loadConfig } from "../env.ts";
import { setAdminByEmail } from "../modules/admin/admin.service.ts";
import { describeAdminGrant, parseAdminGrantArgs } from "../modules/admin/admin-grant.ts";

async function main(): Promise<number> {
  const command = parseAdminGrantArgs(process.argv.slice(2));
  if (command.kind === "usage-error") {
    console.error(command.message);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const { message, exitCode } = describeAdminGrant(
      await setAdminByEmail(database.db, command.email, command.action),
    );
    (exitCode === 0 ? console.log : console.error)(message);
    return exitCode;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
