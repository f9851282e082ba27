import type { FastifyInstance, FastifyReply } from "fastify";
import { renderConsentPage, renderErrorPage, renderNotFoundPage } from "../consent-page.ts";
import type { EmulatorContext } from "../http/context.ts";
import {
  readField,
  readQuery,
  requestPath,
  sendApiJson,
  sendHtml,
  sendOAuthJson,
} from "../http/reply.ts";
import {
  type AuthorizeOutcome,
  authorize,
  bearerToken,
  decide,
  discoveryDocument,
  type JsonOutcome,
  revoke,
  tokenInfo,
  tokenRequest,
  userInfo,
} from "./oauth.service.ts";

/**
 * Google's OAuth 2.0 and OpenID endpoints at Google's own paths (ga4-protocol.md §1.1), all
 * under the stand-in's root.
 */
export function registerOAuthRoutes(fastify: FastifyInstance, ctx: EmulatorContext): void {
  fastify.get("/.well-known/openid-configuration", async (request, reply) =>
    sendApiJson(request, reply, 200, discoveryDocument(ctx.publicUrl())),
  );

  fastify.get("/oauth2/v3/certs", async (request, reply) =>
    sendApiJson(request, reply.header("cache-control", "public, max-age=3600"), 200, {
      keys: [ctx.key.jwk],
    }),
  );

  fastify.get("/o/oauth2/v2/auth", async (request, reply) =>
    sendAuthorizeOutcome(reply, authorize(ctx, request.query)),
  );

  fastify.post("/o/oauth2/v2/auth", async (request, reply) =>
    sendAuthorizeOutcome(reply, decide(ctx, request.body)),
  );

  fastify.post("/token", async (request, reply) =>
    sendOutcome(reply, tokenRequest(ctx, request.body, request.headers.authorization)),
  );

  // §1.8: the library sends the token in the query string; forms put it in the body.
  fastify.post("/revoke", async (request, reply) =>
    sendOutcome(
      reply,
      revoke(ctx, readQuery(request, "token") ?? readField(request.body, "token")),
    ),
  );

  // §1.1: Google answers GET /revoke with an HTML 404.
  fastify.get("/revoke", async (request, reply) =>
    sendHtml(reply, 404, renderNotFoundPage(requestPath(request))),
  );

  for (const method of ["GET", "POST"] as const) {
    fastify.route({
      method,
      url: "/tokeninfo",
      handler: async (request, reply) => {
        const field = (name: string) => readQuery(request, name) ?? readField(request.body, name);
        return sendOutcome(
          reply,
          tokenInfo(ctx, {
            accessToken: bearerToken(request.headers.authorization, field("access_token")),
            idToken: field("id_token"),
          }),
        );
      },
    });

    for (const url of ["/v1/userinfo", "/oauth2/v3/userinfo"]) {
      fastify.route({
        method,
        url,
        handler: async (request, reply) => {
          const outcome = userInfo(
            ctx,
            bearerToken(request.headers.authorization, readQuery(request, "access_token")),
          );
          return sendApiJson(
            request,
            reply.headers(outcome.headers ?? {}),
            outcome.status,
            outcome.body,
          );
        },
      });
    }
  }
}

function sendAuthorizeOutcome(reply: FastifyReply, outcome: AuthorizeOutcome): FastifyReply {
  switch (outcome.kind) {
    case "redirect":
      return reply
        .code(302)
        .header("cache-control", "no-store")
        .header("location", outcome.location)
        .send();
    case "consent-page":
      return sendHtml(reply, 200, renderConsentPage(outcome.page));
    case "error-page":
      return sendHtml(reply, outcome.page.status, renderErrorPage(outcome.page));
  }
}

function sendOutcome(reply: FastifyReply, outcome: JsonOutcome): FastifyReply {
  return sendOAuthJson(reply.headers(outcome.headers ?? {}), outcome.status, outcome.body);
}
