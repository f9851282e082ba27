import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { Db } from "./db/client.ts";
import { type Config, EMBEDDED_DODO_PATH, EMBEDDED_GOOGLE_PATH } from "./env.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import { createCrossSiteGuard } from "./lib/cross-site.ts";
import { registerErrorHandler } from "./lib/errors.ts";
import { registerJsonParser } from "./lib/json-body.ts";
import { loggerOptions } from "./lib/logging.ts";
import { accountRightsRoutes } from "./modules/account-rights/account-rights.routes.ts";
import { meRoutes, sessionRoutes } from "./modules/accounts/me.routes.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { alertRecipientRoutes } from "./modules/alerts/alert-recipients.routes.ts";
import { alertsRoutes } from "./modules/alerts/alerts.routes.ts";
import { apiKeysRoutes } from "./modules/api-keys/api-keys.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { type Auth, createAuth } from "./modules/auth/auth.ts";
import { createRequireSession, createSessionLookup } from "./modules/auth/session.ts";
import { billingRoutes, billingWebhookRoutes } from "./modules/billing/billing.routes.ts";
import { type BillingSetup, setUpBilling } from "./modules/billing/billing-setup.ts";
import { brandingRoutes } from "./modules/branding/branding.routes.ts";
import { builderRoutes } from "./modules/builder/builder.routes.ts";
import { configRoutes } from "./modules/config/config.routes.ts";
import { conventionsRoutes } from "./modules/conventions/conventions.routes.ts";
import { dataSourcesRoutes } from "./modules/data-sources/data-sources.routes.ts";
import { docsRoutes } from "./modules/docs/docs.routes.ts";
import { type GoogleSetup, setUpGoogle } from "./modules/google/google-setup.ts";
import { googleConnectRoutes } from "./modules/google-connect/google-connect.routes.ts";
import {
  invitationLookupRoutes,
  invitationsRoutes,
} from "./modules/invitations/invitations.routes.ts";
import { issuesRoutes } from "./modules/issues/issues.routes.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import { outboxRoutes } from "./modules/mail/outbox.routes.ts";
import { portfolioRoutes } from "./modules/portfolio/portfolio.routes.ts";
import { registerApiDocs } from "./modules/public-api/api-docs.ts";
import { publicApiRoutes } from "./modules/public-api/public-api.routes.ts";
import { reportEnqueuer } from "./modules/reports/generate-report.job.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import type { EnqueueReport } from "./modules/reports/reports.service.ts";
import { scanEnqueuer } from "./modules/scans/run-scan.job.ts";
import type { ScanStarter } from "./modules/scans/scan-starter.ts";
import { scansRoutes } from "./modules/scans/scans.routes.ts";
import { createScanStarter } from "./modules/scans/scans.service.ts";
import { scanScheduleRoutes } from "./modules/schedules/scan-schedule.routes.ts";
import { trendsRoutes } from "./modules/trends/trends.routes.ts";
import { webRoutes } from "./modules/web/web.routes.ts";
import { workspacesRoutes } from "./modules/workspaces/workspaces.routes.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The job queue audits are enqueued on; the real ScanStarter is built on it. */
  jobs?: JobQueue;
  /** Starts audits in place of the job queue's starter (tests); without either no audit starts. */
  scanStarter?: ScanStarter;
  /** Queues PDF reports in place of the job queue (tests); without either none is made. */
  enqueueReport?: EnqueueReport;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  /** Google as configured, or null when it is turned off. */
  google: GoogleSetup | null;
  /** The payment provider as configured, or null when no plans are sold. */
  billing: BillingSetup | null;
  /** Every route registered, so tests can prove each one checks who is asking. */
  routes: { method: string; url: string; schema?: FastifySchema }[];
}

export async function buildApp({
  config,
  db,
  mailer,
  jobs,
  scanStarter: givenScanStarter,
  enqueueReport = jobs ? reportEnqueuer(jobs) : undefined,
  logStream,
}: AppDeps): Promise<App> {
  const server = Fastify({
    // Trust exactly the configured proxies: hop 0 is the socket peer, each further hop one
    // X-Forwarded-For entry from the right. Fastify's numeric trustProxy trusts no hop at all.
    ...(config.trustedProxyHops > 0
      ? { trustProxy: (_address: string, hop: number) => hop < config.trustedProxyHops }
      : {}),
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerJsonParser(server);
  const routes: App["routes"] = [];
  server.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });

  await server.register(helmet, {
    hsts: config.isProduction,
    frameguard: { action: "deny" },
    contentSecurityPolicy: {
      directives: {
        // Plain http on localhost in the embedded default must not be upgraded.
        upgradeInsecureRequests: config.isProduction ? [] : null,
        // No other site may frame the app (clickjacking); X-Frame-Options says the same.
        frameAncestors: ["'none'"],
      },
    },
  });

  server.addHook("onRequest", createCrossSiteGuard(config.appUrl));

  const google = await setUpGoogle(config);
  const billing = await setUpBilling(config);
  const auth = createAuth({ db, config, mailer, google });
  const scanStarter =
    givenScanStarter ?? (jobs ? createScanStarter({ db, enqueue: scanEnqueuer(jobs) }) : undefined);

  // The OpenAPI document is collected as routes are added: it goes before every route.
  await registerApiDocs(server, { isProduction: config.isProduction });

  // The outbox shows every mail (password-reset links included) to anyone: the demo's alone.
  const outboxEnabled = config.demoMode && mailer.kind === "outbox";
  server.get("/api/health", async () => ({ status: "ok" }));
  await server.register(authRoutes, {
    auth,
    googleSignIn: google !== null,
    secureCookiesOnly: config.isProduction,
  });
  await server.register(configRoutes, {
    outboxEnabled,
    googleSignIn: google !== null,
    billingMode: billing?.mode ?? null,
  });
  await server.register(docsRoutes);
  if (outboxEnabled) await server.register(outboxRoutes, { db });
  const invitationOptions = { db, mailer, appUrl: config.appUrl, adminEmails: config.adminEmails };
  await server.register(invitationLookupRoutes, invitationOptions);
  await server.register(alertRecipientRoutes, { db });
  if (google?.embedded) {
    await server.register(google.embedded.plugin, { prefix: EMBEDDED_GOOGLE_PATH });
  }
  await server.register(billingWebhookRoutes, { db, billing });
  if (billing?.embedded) {
    await server.register(billing.embedded.plugin, { prefix: EMBEDDED_DODO_PATH });
  }

  // The public API: a workspace API key, not a session, in its own scope (ADR 012).
  await server.register(publicApiRoutes, {
    db,
    scanStarter,
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });

  const lookupSession = createSessionLookup(auth, db, {
    secret: config.appSecret,
    secureCookiesOnly: config.isProduction,
  });
  // Who is signed in, if anyone: public pages ask without a 401 for a signed-out visitor.
  await server.register(sessionRoutes, { db, lookupSession });

  // Every app route below needs a signed-in user.
  const requireSession = createRequireSession(lookupSession);
  await server.register(async (scope) => {
    scope.addHook("onRequest", requireSession);
    await scope.register(meRoutes, { db });
    await scope.register(accountRightsRoutes, { db, auth });
    await scope.register(workspacesRoutes, { db });
    await scope.register(invitationsRoutes, invitationOptions);
    await scope.register(dataSourcesRoutes, { db, config, google });
    await scope.register(scanScheduleRoutes, { db });
    await scope.register(googleConnectRoutes, { db, config, google, scanStarter });
    await scope.register(issuesRoutes, { db });
    await scope.register(scansRoutes, { db, scanStarter });
    await scope.register(brandingRoutes, { db });
    await scope.register(reportsRoutes, { db, enqueueReport });
    await scope.register(trendsRoutes, { db });
    await scope.register(portfolioRoutes, { db });
    await scope.register(alertsRoutes, { db, config, mailer });
    await scope.register(apiKeysRoutes, { db });
    await scope.register(conventionsRoutes, { db });
    await scope.register(builderRoutes, { db });
    await scope.register(billingRoutes, { db, billing, appUrl: config.appUrl });
    await scope.register(adminRoutes, { db, billing });
  });

  await webRoutes(server, {
    distDir: config.webDistDir,
    siteUrl: config.appUrl,
    // The demo's pages and stand-ins, where this deployment has none: 404, not the app's page.
    absentPages: [
      ...(outboxEnabled ? [] : ["/outbox"]),
      ...(google?.embedded ? [] : [EMBEDDED_GOOGLE_PATH]),
      ...(billing?.embedded ? [] : [EMBEDDED_DODO_PATH]),
    ],
  });
  return { server, auth, google, billing, routes };
}
