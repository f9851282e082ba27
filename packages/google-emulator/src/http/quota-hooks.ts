import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "./context.ts";

/**
 * The two report quotas that depend on a request's life rather than its cost (ga4-protocol.md
 * §3.8): "Core Concurrent Requests Per Property" counts report requests from their arrival until
 * they are answered, and "Analytics Properties can send up to 120 requests with potentially
 * thresholded dimensions per hour. In a batch request, each report request is individually
 * counted for this quota" (data.proto, PropertyQuota) counts the reports answered for a property
 * with thresholds. The report route refuses a request while either is spent, with the token
 * buckets (`QuotaLedger.exhausted`).
 *
 * Registered before the stand-in's latency hook, so a request waiting out an injected latency is
 * already in flight, as one Google is still computing would be.
 */
export function useReportQuotaHooks(fastify: FastifyInstance, ctx: EmulatorContext): void {
  const inFlight = new WeakMap<FastifyRequest, string>();
  const finish = (request: FastifyRequest) => {
    const propertyId = inFlight.get(request);
    if (propertyId === undefined) return;
    inFlight.delete(request);
    ctx.quota.end(propertyId);
  };

  fastify.addHook("onRequest", async (request) => {
    const propertyId = reportPropertyId(request);
    if (propertyId === undefined) return;
    inFlight.set(request, propertyId);
    ctx.quota.begin(propertyId);
  });
  fastify.addHook("onRequestAbort", async (request) => finish(request));
  fastify.addHook("onResponse", async (request, reply) => {
    const propertyId = inFlight.get(request);
    finish(request);
    if (propertyId === undefined || reply.statusCode !== 200) return;
    if (ctx.world.findProperty(propertyId)?.property.profile.thresholded) {
      ctx.quota.recordThresholded(propertyId, reportsIn(request.body));
    }
  });
}

const REPORT_PATH = /\/v1beta\/properties\/([^/:?]+):(?:runReport|batchRunReports)(?:\?|$)/;

function reportPropertyId(request: FastifyRequest): string | undefined {
  if (request.method !== "POST") return undefined;
  return REPORT_PATH.exec(request.url)?.[1];
}

/** A batch's reports, or one for a runReport. */
function reportsIn(body: unknown): number {
  const requests =
    typeof body === "object" && body !== null ? Reflect.get(body, "requests") : undefined;
  return Array.isArray(requests) ? requests.length : 1;
}
