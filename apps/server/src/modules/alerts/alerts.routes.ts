import {
  AlertDeliveryListQuerySchema,
  AlertDeliveryListResponseSchema,
  AlertRuleIdParamsSchema,
  AlertRuleListResponseSchema,
  AlertRuleResponseSchema,
  CreateAlertRuleRequestSchema,
  SendTestAlertRequestSchema,
  SendTestAlertResponseSchema,
  SigningSecretResponseSchema,
  ToggleAlertRuleRequestSchema,
  UpdateAlertRuleRequestSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { currentUser } from "../auth/session.ts";
import type { Mailer } from "../mail/mailer.ts";
import { DELIVERY_TIMEOUT_MS } from "./alert-delivery.ts";
import * as alerts from "./alerts.service.ts";

export const alertsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Pick<Config, "appUrl" | "appSecret" | "previousAppSecrets" | "alerts">;
  mailer: Mailer;
  /** The test alert's clock (signature timestamps); tests fix it. */
  now?: () => Date;
}> = async (app, { db, config, mailer, now = () => new Date() }) => {
  const deps = { db, cipher: createAppTokenCipher(config), appUrl: config.appUrl, mailer };

  app.get(
    "/api/workspaces/:workspaceId/alert-rules",
    {
      schema: { params: WorkspaceIdParamsSchema, response: { 200: AlertRuleListResponseSchema } },
    },
    async (request) => ({
      alertRules: await alerts.listAlertRules(
        db,
        request.params.workspaceId,
        currentUser(request).id,
      ),
    }),
  );

  app.post(
    "/api/workspaces/:workspaceId/alert-rules",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: CreateAlertRuleRequestSchema,
        response: { 201: AlertRuleResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await alerts.createAlertRule(
        deps,
        request.params.workspaceId,
        currentUser(request).id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/api/alert-rules/:alertRuleId",
    {
      schema: {
        params: AlertRuleIdParamsSchema,
        body: UpdateAlertRuleRequestSchema,
        response: { 200: AlertRuleResponseSchema },
      },
    },
    async (request) =>
      alerts.updateAlertRule(
        deps,
        request.params.alertRuleId,
        currentUser(request).id,
        request.body,
      ),
  );

  app.patch(
    "/api/alert-rules/:alertRuleId",
    {
      schema: {
        params: AlertRuleIdParamsSchema,
        body: ToggleAlertRuleRequestSchema,
        response: { 200: AlertRuleResponseSchema },
      },
    },
    async (request) => ({
      alertRule: await alerts.toggleAlertRule(
        db,
        request.params.alertRuleId,
        currentUser(request).id,
        request.body.isActive,
      ),
      signingSecret: null,
    }),
  );

  app.delete(
    "/api/alert-rules/:alertRuleId",
    { schema: { params: AlertRuleIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await alerts.deleteAlertRule(db, request.params.alertRuleId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/alert-rules/:alertRuleId/test",
    {
      schema: {
        params: AlertRuleIdParamsSchema,
        body: SendTestAlertRequestSchema,
        response: { 200: SendTestAlertResponseSchema },
      },
    },
    async (request) => ({
      delivery: await alerts.sendTestAlert(
        {
          ...deps,
          delivery: {
            mailer,
            outbound: {
              allowPrivateNetworks: config.alerts.allowPrivateNetworks,
              timeoutMs: DELIVERY_TIMEOUT_MS,
            },
            logger: request.log,
            now,
          },
        },
        request.params.alertRuleId,
        currentUser(request).id,
      ),
    }),
  );

  app.get(
    "/api/alert-rules/:alertRuleId/deliveries",
    {
      schema: {
        params: AlertRuleIdParamsSchema,
        querystring: AlertDeliveryListQuerySchema,
        response: { 200: AlertDeliveryListResponseSchema },
      },
    },
    async (request) => ({
      deliveries: await alerts.listDeliveries(
        db,
        request.params.alertRuleId,
        currentUser(request).id,
        request.query.limit,
      ),
    }),
  );

  app.post(
    "/api/alert-rules/:alertRuleId/signing-secret",
    {
      schema: {
        params: AlertRuleIdParamsSchema,
        body: SendTestAlertRequestSchema,
        response: { 200: SigningSecretResponseSchema },
      },
    },
    async (request) => ({
      signingSecret: await alerts.rotateSigningSecret(
        deps,
        request.params.alertRuleId,
        currentUser(request).id,
      ),
    }),
  );
};
