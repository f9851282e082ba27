import {
  DataSourceIdParamsSchema,
  ScanScheduleResponseSchema,
  UpdateScanScheduleRequestSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import { getScanSchedule, setScanSchedule } from "./scan-schedule.service.ts";

export const scanScheduleRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    "/api/data-sources/:dataSourceId/scan-schedule",
    {
      schema: { params: DataSourceIdParamsSchema, response: { 200: ScanScheduleResponseSchema } },
    },
    async (request) => ({
      scanSchedule: await getScanSchedule(
        db,
        request.params.dataSourceId,
        currentUser(request).id,
        now(),
      ),
    }),
  );

  app.put(
    "/api/data-sources/:dataSourceId/scan-schedule",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        body: UpdateScanScheduleRequestSchema,
        response: { 200: ScanScheduleResponseSchema },
      },
    },
    async (request) => ({
      scanSchedule: await setScanSchedule(
        db,
        request.params.dataSourceId,
        currentUser(request).id,
        request.body.frequency,
        now(),
      ),
    }),
  );
};
