import { parseArgs } from "node:util";
import { setReportCacheSize } from "./data-api/run-report.ts";
import { DEMO_CLIENT, type EmulatorClient } from "./oauth/clients.ts";
import { startGoogleEmulator } from "./server.ts";

/**
 * `npm run emulator -- --port 4000`: the Google stand-in on its own, for running the app
 * against it the way production runs against Google.
 */

const USAGE = `Usage: npm run emulator -- [options]

  --port <n>            port to listen on (default 4000)
  --host <host>         address to listen on (default 127.0.0.1)
  --public-url <url>    URL clients and browsers use, if not http://host:port
  --client-id <id>      OAuth client id (default ${DEMO_CLIENT.clientId})
  --client-secret <s>   OAuth client secret (default ${DEMO_CLIENT.clientSecret})
  --redirect-uri <uri>  allowed redirect URI; repeat for more (default: any loopback URL)
  --token-ttl <s>       access token lifetime in seconds (default 3599)
  --secret <s>          signs codes and tokens; keep it to keep refresh tokens across restarts
  --control             expose fault control under /__emulator
  --report-cache <rows> rows of computed reports kept for paging (default 1000000); a
                        benchmark sets it high to measure a client against warm reports
  --help                show this text
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) fail(`--${name} must be a whole number: ${value}`);
  return parsed;
}

function readOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "public-url": { type: "string" },
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        "redirect-uri": { type: "string", multiple: true },
        "token-ttl": { type: "string" },
        secret: { type: "string" },
        control: { type: "boolean", default: false },
        "report-cache": { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const parsed = readOptions();
if (parsed.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const publicUrl = parsed["public-url"];
if (publicUrl !== undefined && !URL.canParse(publicUrl))
  fail(`--public-url is not a URL: ${publicUrl}`);
for (const uri of parsed["redirect-uri"] ?? []) {
  if (!URL.canParse(uri)) fail(`--redirect-uri is not a URL: ${uri}`);
}

const client: EmulatorClient = {
  clientId: parsed["client-id"] ?? DEMO_CLIENT.clientId,
  clientSecret: parsed["client-secret"] ?? DEMO_CLIENT.clientSecret,
  redirectUris: parsed["redirect-uri"] ?? "loopback",
};

const port = positiveInteger("port", parsed.port, 4000);
if (parsed["report-cache"] !== undefined) {
  const rows = positiveInteger("report-cache", parsed["report-cache"], 1_000_000);
  // A report per day of a 90-day scan, and the odd larger one.
  setReportCacheSize(Math.max(4, Math.ceil(rows / 10_000)), rows);
}
const host = parsed.host ?? "127.0.0.1";
const emulator = await startGoogleEmulator({
  port,
  host,
  ...(publicUrl === undefined ? {} : { publicUrl }),
  clients: [client],
  accessTokenTtlSeconds: positiveInteger("token-ttl", parsed["token-ttl"], 3599),
  ...(parsed.secret === undefined ? {} : { secret: parsed.secret }),
  control: parsed.control,
  logger: false,
}).catch((error: unknown) => {
  process.stderr.write(`Could not listen on ${host}:${port}: ${String(error)}\n`);
  return process.exit(1);
});

const accountNames = new Map(emulator.world.accounts.map((a) => [a.accountId, a.displayName]));
const lines = [
  `Offline Google stand-in listening on ${emulator.url}`,
  "",
  `  Discovery        ${emulator.url}/.well-known/openid-configuration`,
  `  OAuth client id  ${client.clientId}`,
  `  Client secret    ${client.clientSecret}`,
  `  Redirect URIs    ${client.redirectUris === "loopback" ? "any http://localhost, 127.0.0.1 or [::1] URL" : client.redirectUris.join(", ")}`,
  `  Fault control    ${parsed.control ? `${emulator.url}/__emulator` : "off (start with --control)"}`,
  "",
  "  Test Google accounts (choose one on the consent page):",
  ...emulator.world.users.map((user) => {
    const accounts = user.accountIds.map((id) => accountNames.get(id) ?? id).join(", ");
    return `    ${user.name.padEnd(12)} ${user.email.padEnd(30)} ${accounts || "no Analytics accounts"}`;
  }),
  "",
  `  Run the app against it: GOOGLE_EMULATOR_URL=${emulator.url}`,
  "",
];
process.stdout.write(`${lines.join("\n")}\n`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Could not stop cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
