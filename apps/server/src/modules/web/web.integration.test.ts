import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../../lib/errors.ts";
import { webRoutes } from "./web.routes.ts";

describe("serving the built web app", () => {
  let distDir: string;
  let server: FastifyInstance;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "utmost-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(
      path.join(distDir, "index.html"),
      '<!doctype html><title>Utmost</title><meta property="og:image" content="/og-image.png" /><meta name="twitter:image" content="/og-image.png" /><link rel="icon" href="/favicon.ico" />',
    );
    await writeFile(path.join(distDir, "assets", "app-1234.js"), "console.log(1)");
    server = Fastify();
    registerErrorHandler(server);
    await webRoutes(server, { distDir, siteUrl: "https://app.example.test/" });
    server.get("/api/health", async () => ({ status: "ok" }));
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => server.inject({ method: "GET", url });

  it.each(["/", "/dashboard", "/settings/billing?x=1", "/no/such/page"])(
    "answers the page %s with the app, uncached",
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<title>Utmost</title>");
    },
  );

  it("gives the link-preview image this deployment's address, and leaves other paths alone", async () => {
    const { body } = await get("/");
    expect(body).toContain(
      '<meta property="og:image" content="https://app.example.test/og-image.png" />',
    );
    expect(body).toContain(
      '<meta name="twitter:image" content="https://app.example.test/og-image.png" />',
    );
    expect(body).toContain('<link rel="icon" href="/favicon.ico" />');
  });

  it("serves hashed assets with a long cache", async () => {
    const response = await get("/assets/app-1234.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("answers a missing file or API path with a JSON 404, never the app", async () => {
    for (const url of ["/assets/app-old.js", "/api/nope", "/api"]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("finds a file added after start (a rebuild)", async () => {
    await writeFile(path.join(distDir, "assets", "app-5678.js"), "console.log(2)");
    expect((await get("/assets/app-5678.js")).statusCode).toBe(200);
  });
});
