import {
  CreateDataSourceRequestSchema,
  CreateDataSourceResponseSchema,
  GoogleConnectionIdParamsSchema,
  GoogleConnectionResponseSchema,
  GoogleOAuthCallbackQuerySchema,
  GoogleOAuthInitRequestSchema,
  GoogleOAuthInitResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { currentUser } from "../auth/session.ts";
import type { GoogleSetup } from "../google/google-setup.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { createConnectGoogle, GOOGLE_CONNECT_CALLBACK_PATH } from "./connect-google.ts";
import * as connect from "./google-connect.service.ts";

/** The connect flow (spec §4), from the consent URL to the saved property. */
export const googleConnectRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  google: GoogleSetup | null;
  /** Starts the first audit of a saved property; without it the property is saved unscanned. */
  scanStarter: ScanStarter | undefined;
}> = async (app, { db, config, google, scanStarter }) => {
  const cipher = createAppTokenCipher(config);
  const connectGoogle = google ? createConnectGoogle(google, config.appUrl) : null;
  const deps = (log: connect.ConnectDeps["log"]): connect.ConnectDeps => ({
    db,
    cipher,
    google: connectGoogle,
    scanStarter,
    log,
  });

  app.post(
    "/api/oauth/google/init",
    {
      schema: {
        body: GoogleOAuthInitRequestSchema,
        response: { 200: GoogleOAuthInitResponseSchema },
      },
    },
    async (request) => ({
      oauthUrl: await connect.startConsent(
        deps(request.log),
        currentUser(request).id,
        request.body,
      ),
    }),
  );

  app.get(
    GOOGLE_CONNECT_CALLBACK_PATH,
    {
      // The request log lines carry the URL, here with Google's one-time code and the state:
      // this route logs its warnings only.
      logLevel: "warn",
      schema: { querystring: GoogleOAuthCallbackQuerySchema, response: { 302: z.null() } },
    },
    async (request, reply) => {
      const location = await connect.completeConsent(
        deps(request.log),
        currentUser(request).id,
        request.query,
      );
      // The URL carried a one-time code: nothing on the way may keep the answer.
      return reply.header("cache-control", "no-store").redirect(location, 302);
    },
  );

  app.get(
    "/api/oauth/google/connections/:connectionId",
    {
      schema: {
        params: GoogleConnectionIdParamsSchema,
        response: { 200: GoogleConnectionResponseSchema },
      },
    },
    async (request) =>
      connect.listConnectionAccounts(
        deps(request.log),
        currentUser(request).id,
        request.params.connectionId,
      ),
  );

  app.post(
    "/api/data-sources",
    {
      schema: {
        body: CreateDataSourceRequestSchema,
        response: { 201: CreateDataSourceResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await connect.saveDataSource(
        deps(request.log),
        currentUser(request).id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
