import { createServer } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createGoogleEmulator } from "./server.ts";
import { authorizationUrl, callApi, signIn } from "./testing/oauth-flow.ts";

/** The embedded demo: the stand-in mounted under a prefix in a host server with its own rules. */
describe("createGoogleEmulator mounted in a host server", () => {
  it("serves the whole flow under the prefix, unaffected by the host's parsers", async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}/google-emulator`;
    const emulator = createGoogleEmulator({ publicUrl, control: false });
    const host = Fastify();
    // A host that parses bodies its own way, as an app with its own plugins would.
    host.removeAllContentTypeParsers();
    host.addContentTypeParser("application/json", { parseAs: "string" }, (_request, _body, done) =>
      done(null, { parsedBy: "host" }),
    );
    host.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, _body, done) => done(null, { parsedBy: "host" }),
    );
    host.get("/", async () => ({ app: true }));
    await host.register(emulator.plugin, { prefix: "/google-emulator" });
    await host.listen({ host: "127.0.0.1", port });
    try {
      const discovery = (await (
        await fetch(`${publicUrl}/.well-known/openid-configuration`)
      ).json()) as Record<string, string>;
      expect(discovery.issuer).toBe(publicUrl);
      expect(discovery.token_endpoint).toBe(`${publicUrl}/token`);

      const page = await (await fetch(authorizationUrl(publicUrl, {}))).text();
      expect(page).toContain('action="/google-emulator/o/oauth2/v2/auth"');

      const { tokens, redirect } = await signIn(publicUrl, { email: "alex.morgan@gmail.com" });
      expect(redirect.searchParams.get("iss")).toBe(publicUrl);
      const report = await callApi(
        publicUrl,
        "/v1beta/properties/312456789:runReport",
        tokens.access_token,
        {
          dimensions: [{ name: "sessionSource" }],
          metrics: [{ name: "sessions" }],
          dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
        },
      );
      expect(report.status).toBe(200);
      expect((await host.inject({ method: "GET", url: "/" })).json()).toEqual({ app: true });
    } finally {
      await host.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
