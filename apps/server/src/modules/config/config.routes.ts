import { PublicConfigResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `GET /api/config`: what a signed-out browser needs to know about this deployment. */
export const configRoutes: FastifyPluginAsyncZod<{
  outboxEnabled: boolean;
  googleSignIn: boolean;
}> = async (app, { outboxEnabled, googleSignIn }) => {
  app.get(
    "/api/config",
    { schema: { response: { 200: PublicConfigResponseSchema } } },
    async () => ({ outboxEnabled, googleSignIn }),
  );
};
