import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type AccountView,
  getProperty,
  listAccountSummaries,
  listDataStreams,
} from "../admin-api/admin.ts";
import { renderNotFoundPage } from "../consent-page.ts";
import { readBatchRunReportsRequest } from "../data-api/batch-run-reports.ts";
import { checkCompatibility } from "../data-api/check-compatibility.ts";
import { getMetadata } from "../data-api/metadata.ts";
import { runReport } from "../data-api/run-report.ts";
import {
  type GoogleApiError,
  PERMISSION_DENIED_PROPERTY,
  UNAUTHENTICATED,
} from "../google-error.ts";
import { bearerToken, checkAccessToken } from "../oauth/oauth.service.ts";
import { ANALYTICS_READ_SCOPES, ANALYTICS_READONLY, hasAnyScope } from "../oauth/scopes.ts";
import type { AccessTokenClaims } from "../oauth/tokens.ts";
import { dateIn, quotaLimits } from "../state/quota.ts";
import type { SyntheticProperty } from "../synthetic/types.ts";
import type { AnalyticsAccount, TestUser } from "../world.ts";
import {
  API_METHODS,
  type ApiMethod,
  credentialsMissing,
  errorForStatus,
  quotaExhausted,
  scopeInsufficient,
} from "./api-errors.ts";
import type { EmulatorContext } from "./context.ts";
import { readQuery, requestPath, sendApiError, sendApiJson, sendHtml } from "./reply.ts";

/**
 * GA4 Admin API and Data API v1beta routes (ga4-protocol.md §2, §3). Both live under one root
 * here; Google's paths do not collide. This layer authenticates, checks scopes and property
 * access, applies scripted faults and quota, and leaves the answers to `admin-api/` and
 * `data-api/`.
 */

interface Caller {
  user: TestUser;
  token: AccessTokenClaims;
}

interface PropertyAccess {
  account: AnalyticsAccount;
  property: SyntheticProperty;
}

type Gate<T> =
  | { ok: true; value: T }
  | { ok: false; error: GoogleApiError; headers?: Record<string, string> };

export function registerApiRoutes(fastify: FastifyInstance, ctx: EmulatorContext): void {
  const realm = () => `Bearer realm="${ctx.publicUrl()}/"`;

  /** Scripted failure, then token, then scope: what every API request passes first. */
  function admit(request: FastifyRequest, api: ApiMethod, propertyId?: string): Gate<Caller> {
    const path = requestPath(request);
    const raw = bearerToken(
      request.headers.authorization,
      readQuery(request, "access_token"),
      readQuery(request, "oauth_token"),
    );
    const scripted = ctx.injected.takeFailure(path);
    if (scripted !== undefined) {
      if (scripted >= 500 && propertyId !== undefined) {
        const project = raw ? (ctx.signer.open("access", raw)?.clientId ?? "") : "";
        ctx.quota.recordServerError(propertyId, project);
      }
      return {
        ok: false,
        error: errorForStatus(scripted),
        ...(scripted === 401
          ? { headers: { "www-authenticate": `${realm()}, error="invalid_token"` } }
          : {}),
      };
    }
    if (!raw) {
      return {
        ok: false,
        error: credentialsMissing(api),
        headers: { "www-authenticate": realm() },
      };
    }
    const check = checkAccessToken(ctx, raw);
    if (!check.ok) {
      return {
        ok: false,
        error: UNAUTHENTICATED,
        headers: { "www-authenticate": `${realm()}, error="invalid_token"` },
      };
    }
    if (!hasAnyScope(check.token.scopes, ANALYTICS_READ_SCOPES)) {
      return {
        ok: false,
        error: scopeInsufficient(api),
        headers: {
          "www-authenticate": `${realm()}, error="insufficient_scope", scope="${ANALYTICS_READONLY}"`,
        },
      };
    }
    return { ok: true, value: { user: check.user, token: check.token } };
  }

  /**
   * The property, if this user has a role on its account. A property whose owner removed the
   * app's access (`revokesGrants`) revokes the presenting grant and answers as Google then does.
   */
  function reachProperty(caller: Caller, propertyId: string): Gate<PropertyAccess> {
    const found = ctx.world.findProperty(propertyId);
    if (!found || !caller.user.accountIds.includes(found.account.accountId)) {
      return { ok: false, error: PERMISSION_DENIED_PROPERTY };
    }
    if (found.property.profile.revokesGrants) {
      ctx.grants.revokeGrant(caller.token.sub, caller.token.clientId);
      return {
        ok: false,
        error: UNAUTHENTICATED,
        headers: { "www-authenticate": `${realm()}, error="invalid_token"` },
      };
    }
    return { ok: true, value: found };
  }

  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    gate: { error: GoogleApiError; headers?: Record<string, string> },
  ): FastifyReply {
    return sendApiError(request, reply, gate.error, gate.headers);
  }

  fastify.get("/v1beta/accountSummaries", async (request, reply) => {
    const caller = admit(request, API_METHODS.listAccountSummaries);
    if (!caller.ok) return refuse(request, reply, caller);
    const result = listAccountSummaries(ctx.world.accountsOf(caller.value.user).map(accountView), {
      pageSize: readQuery(request, "pageSize"),
      pageToken: readQuery(request, "pageToken"),
    });
    if (!result.ok) return sendApiError(request, reply, result.error);
    return sendApiJson(request, reply, 200, result.body);
  });

  fastify.get<{ Params: { id: string } }>("/v1beta/properties/:id", async (request, reply) => {
    const { id } = request.params;
    const caller = admit(request, API_METHODS.getProperty, id);
    if (!caller.ok) return refuse(request, reply, caller);
    const access = reachProperty(caller.value, id);
    if (!access.ok) return refuse(request, reply, access);
    const { account, property } = access.value;
    return sendApiJson(request, reply, 200, getProperty(accountView(account), property.profile));
  });

  fastify.get<{ Params: { id: string } }>(
    "/v1beta/properties/:id/dataStreams",
    async (request, reply) => {
      const { id } = request.params;
      const caller = admit(request, API_METHODS.listDataStreams, id);
      if (!caller.ok) return refuse(request, reply, caller);
      const access = reachProperty(caller.value, id);
      if (!access.ok) return refuse(request, reply, access);
      const result = listDataStreams(access.value.property.profile, {
        pageSize: readQuery(request, "pageSize"),
        pageToken: readQuery(request, "pageToken"),
      });
      if (!result.ok) return sendApiError(request, reply, result.error);
      return sendApiJson(request, reply, 200, result.body);
    },
  );

  fastify.get<{ Params: { id: string } }>(
    "/v1beta/properties/:id/metadata",
    async (request, reply) => {
      const { id } = request.params;
      const caller = admit(request, API_METHODS.getMetadata, id);
      if (!caller.ok) return refuse(request, reply, caller);
      // §3.5: property 0 asks for the list common to all properties; no role is needed.
      if (id !== "0") {
        const access = reachProperty(caller.value, id);
        if (!access.ok) return refuse(request, reply, access);
      }
      return sendApiJson(request, reply, 200, getMetadata(id));
    },
  );

  // `{id}:runReport` has no path-segment boundary Fastify can route on, so the custom method
  // is parsed here.
  fastify.post<{ Params: { "*": string } }>("/v1beta/properties/*", async (request, reply) => {
    const match = /^([^/:]+):(runReport|batchRunReports|checkCompatibility)$/.exec(
      request.params["*"],
    );
    if (!match?.[1] || !match[2]) {
      return sendHtml(reply, 404, renderNotFoundPage(requestPath(request)));
    }
    const id = match[1];
    const method = match[2] as "runReport" | "batchRunReports" | "checkCompatibility";
    const caller = admit(request, API_METHODS[method], id);
    if (!caller.ok) return refuse(request, reply, caller);
    const access = reachProperty(caller.value, id);
    if (!access.ok) return refuse(request, reply, access);

    if (method === "checkCompatibility") {
      // §3.8: a spent quota refuses every request to the property. checkCompatibility reads no
      // data, so the stand-in charges it nothing.
      const limits = quotaLimits(access.value.property.profile.serviceLevel);
      const spent = ctx.quota.exhausted(id, limits, caller.value.token.clientId);
      if (spent) return sendApiError(request, reply, quotaExhausted(spent));
      const result = checkCompatibility(request.body);
      if (!result.ok) return sendApiError(request, reply, result.error);
      return sendApiJson(request, reply, 200, result.response);
    }
    const batch = method === "batchRunReports";

    const scriptedQuota = ctx.injected.takeReportRequest();
    if (scriptedQuota) return sendApiError(request, reply, quotaExhausted(scriptedQuota));
    const { property } = access.value;
    const limits = quotaLimits(property.profile.serviceLevel);
    const project = caller.value.token.clientId;
    const spent = ctx.quota.exhausted(id, limits, project);
    if (spent) return sendApiError(request, reply, quotaExhausted(spent));

    const bodies = batch
      ? readBatchRunReportsRequest(request.body, id)
      : { ok: true as const, requests: [request.body] };
    if (!bodies.ok) return sendApiError(request, reply, bodies.error);
    const today = dateIn(property.profile.timeZone, ctx.now());
    const runs: { body: unknown; response: Record<string, unknown>; tokenCost: number }[] = [];
    for (const body of bodies.requests) {
      const result = runReport(body, { property, today });
      if (!result.ok) return sendApiError(request, reply, result.error);
      runs.push({ body, response: result.response, tokenCost: result.tokenCost });
    }
    const reports = runs.map(({ body, response, tokenCost }) => {
      ctx.quota.charge(id, project, tokenCost);
      if (!wantsPropertyQuota(body)) return response;
      return withPropertyQuota(response, { ...ctx.quota.status(id, limits, project, tokenCost) });
    });
    const response = batch ? { reports, kind: "analyticsData#batchRunReports" } : reports[0];
    return sendApiJson(request, reply, 200, response);
  });
}

function accountView(account: AnalyticsAccount): AccountView {
  return {
    accountId: account.accountId,
    displayName: account.displayName,
    properties: account.properties.map((property) => property.profile),
  };
}

function wantsPropertyQuota(body: unknown): boolean {
  return (
    typeof body === "object" && body !== null && Reflect.get(body, "returnPropertyQuota") === true
  );
}

/** `propertyQuota` sits before `kind`, where Google's responses put it (§3.3). */
function withPropertyQuota(
  response: Record<string, unknown>,
  propertyQuota: Record<string, unknown>,
): Record<string, unknown> {
  const { kind, ...rest } = response;
  return kind === undefined ? { ...rest, propertyQuota } : { ...rest, propertyQuota, kind };
}
