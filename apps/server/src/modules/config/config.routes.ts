import { PublicConfigResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `GET /api/config`: what a signed-out browser needs to know about this deployment. */
export const configRoutes: FastifyPluginAsyncZod<{
  outboxEnabled: boolean;
  googleSignIn: boolean;
  billingMode: "test" | "live" | null;
}> = async (app, { outboxEnabled, googleSignIn, billingMode }) => {
  app.get(
    "/api/config",
    { schema: { response: { 200: PublicConfigResponseSchema } } },
    async () => ({ outboxEnabled, googleSignIn, billingMode }),
  );
};
