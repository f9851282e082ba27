import {
  BillingDetailsResponseSchema,
  BillingOverviewSchema,
  BillingPortalResponseSchema,
  ChangePlanRequestSchema,
  CreateCheckoutRequestSchema,
  CreateCheckoutResponseSchema,
  SetExtraPropertiesRequestSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as billing from "./billing.service.ts";
import { type BillingSetup, DODO_WEBHOOK_PATH } from "./billing-setup.ts";
import { receiveWebhook } from "./billing-webhooks.ts";

interface BillingRouteOptions {
  db: Db;
  billing: BillingSetup | null;
  appUrl: string;
}

/** The signed-in user's own plan: overview, checkout (spec §7), the provider's portal. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRouteOptions> = async (
  app,
  { db, billing: setup, appUrl },
) => {
  app.get(
    "/api/billing",
    { schema: { response: { 200: BillingOverviewSchema } } },
    async (request) => billing.getOverview(db, setup, currentUser(request).id),
  );

  app.post(
    "/api/billing/checkout",
    {
      schema: {
        body: CreateCheckoutRequestSchema,
        response: { 200: CreateCheckoutResponseSchema },
      },
    },
    async (request) =>
      billing.createCheckout(db, setup, currentUser(request), request.body.tier, appUrl),
  );

  app.get(
    "/api/billing/details",
    { schema: { response: { 200: BillingDetailsResponseSchema } } },
    async (request) => billing.getDetails(db, setup, currentUser(request).id),
  );

  app.post(
    "/api/billing/change-plan",
    {
      schema: {
        body: ChangePlanRequestSchema,
        response: { 200: BillingDetailsResponseSchema },
      },
    },
    async (request) => billing.changePlan(db, setup, currentUser(request).id, request.body.tier),
  );

  app.post(
    "/api/billing/extra-properties",
    {
      schema: {
        body: SetExtraPropertiesRequestSchema,
        response: { 200: BillingDetailsResponseSchema },
      },
    },
    async (request) =>
      billing.setExtraProperties(db, setup, currentUser(request).id, request.body.extraProperties),
  );

  app.post(
    "/api/billing/portal",
    { schema: { response: { 200: BillingPortalResponseSchema } } },
    async (request) => billing.createPortalLink(db, setup, currentUser(request).id, appUrl),
  );
};

/**
 * `POST /api/webhooks/dodo`: the provider's events, signed (Standard Webhooks). Public: the
 * signature is the check. The body is kept as sent, since the signature covers its exact bytes.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<
  Omit<BillingRouteOptions, "appUrl">
> = async (app, { db, billing: setup }) => {
  if (!setup) return;
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    DODO_WEBHOOK_PATH,
    {
      schema: {
        body: z.string(),
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
      },
    },
    async (request) => {
      const outcome = await receiveWebhook(db, setup, {
        rawBody: request.body,
        headers: request.headers,
      });
      request.log.info({ outcome, webhookId: request.headers["webhook-id"] }, "billing webhook");
      return { received: true as const, outcome };
    },
  );
};
