import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { PUBLIC_API_PREFIX } from "./public-api.routes.ts";

/** Where people read the public API's documentation (Swagger UI); the document is at `/json`. */
export const API_DOCS_PATH = "/api/docs";

/**
 * The OpenAPI document of the public API, made from the /api/v1 routes' zod schemas (ADR 012),
 * and Swagger UI to read it. Registered before any route, since the document is collected as
 * routes are added; every route outside /api/v1 is left out of it.
 */
export async function registerApiDocs(
  server: FastifyInstance,
  { isProduction }: { isProduction: boolean },
): Promise<void> {
  await server.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Utmost API",
        version: "1.0.0",
        description:
          "Read a workspace's Google Analytics 4 properties, their scans and UTM issues, and start audits. Authenticate with a workspace API key (Settings → Workspace → API keys in Utmost) sent as `Authorization: Bearer <key>`. API access is part of the Team and Agency plans.",
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "A workspace API key, `utm_` followed by 43 characters.",
          },
        },
      },
      security: [{ bearerAuth: [] }],
      tags: [
        { name: "Properties", description: "The workspace's Google Analytics 4 properties." },
        { name: "Scans", description: "Audits of a property: read them or start one." },
        { name: "Issues", description: "The UTM problems scans found." },
      ],
    },
    transform: (route) =>
      route.url.startsWith(`${PUBLIC_API_PREFIX}/`)
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
    transformObject: jsonSchemaTransformObject,
  });

  await server.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: "Utmost API" },
    // No call to the public validator: the page talks to this server only.
    // BaseLayout: the page without the stock top bar and its URL box.
    uiConfig: {
      layout: "BaseLayout",
      validatorUrl: null,
      deepLinking: true,
      tryItOutEnabled: false,
    },
    // Swagger UI is scripts, styles and fonts of its own; the app's CSP is for the app.
    staticCSP: {
      "default-src": ["'self'"],
      "base-uri": ["'self'"],
      "connect-src": ["'self'"],
      "font-src": ["'self'", "data:"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      "img-src": ["'self'", "data:"],
      "object-src": ["'none'"],
      "script-src": ["'self'"],
      "script-src-attr": ["'none'"],
      // Swagger UI sets style attributes on its elements.
      "style-src": ["'self'", "'unsafe-inline'"],
      ...(isProduction ? { "upgrade-insecure-requests": [""] } : {}),
    },
  });
}
