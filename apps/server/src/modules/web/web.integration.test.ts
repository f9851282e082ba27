import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../../lib/errors.ts";
import { hasSessionCookie, markSessionCookie, preferredEncoding, webRoutes } from "./web.routes.ts";

const BIG_SCRIPT = `export const plans = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ plan: `plan-${i}`, price: i })))};`;

describe("serving the built web app", () => {
  let distDir: string;
  let server: FastifyInstance;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "utmost-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(
      path.join(distDir, "index.html"),
      '<!doctype html><html lang="en"><title>Utmost</title><meta property="og:image" content="/og-image.png" /><meta name="twitter:image" content="/og-image.png" /><link rel="icon" href="/favicon.ico" />',
    );
    await writeFile(path.join(distDir, "assets", "app-1234.js"), "console.log(1)");
    // As the build leaves a large script: its brotli and gzip copies beside it.
    await writeFile(path.join(distDir, "assets", "big-1234.js"), BIG_SCRIPT);
    await writeFile(path.join(distDir, "assets", "big-1234.js.br"), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(distDir, "assets", "big-1234.js.gz"), gzipSync(BIG_SCRIPT));
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

  it("answers / with the prerendered landing page when the build made one, other pages with the app", async () => {
    await writeFile(
      path.join(distDir, "landing.html"),
      '<!doctype html><title>Utmost</title><div id="root"><h1>Find the UTM mistakes</h1></div>',
    );
    try {
      expect((await get("/")).body).toContain("<h1>Find the UTM mistakes</h1>");
      expect((await get("/dashboard")).body).not.toContain("Find the UTM mistakes");
    } finally {
      await rm(path.join(distDir, "landing.html"));
    }
    expect((await get("/")).body).not.toContain("Find the UTM mistakes");
  });

  it("marks a page for a request with a session cookie, so its script asks who is signed in", async () => {
    await writeFile(
      path.join(distDir, "landing.html"),
      '<!doctype html><html lang="en"><title>Utmost</title><div id="root"><h1>Landing</h1></div></html>',
    );
    const withCookie = (url: string, cookie?: string) =>
      server.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    try {
      const visitor = await withCookie("/", "theme=dark");
      expect(visitor.body).toContain('<html lang="en">');
      expect(String(visitor.headers.vary)).toBe("Accept-Encoding, Cookie");
      for (const cookie of [
        "utmost.session_token=abc.c2ln",
        "theme=dark; __Secure-utmost.session_token=abc.c2ln",
      ]) {
        const member = await withCookie("/", cookie);
        expect(member.body).toContain('<html data-session-cookie lang="en">');
        expect(member.body).toContain("<h1>Landing</h1>");
      }
      // The app's pages too: their public header asks only then.
      const app = await withCookie("/docs", "utmost.session_token=abc.c2ln");
      expect(app.body).toContain("data-session-cookie");
      expect(app.body).not.toContain("<h1>Landing</h1>");
      expect(String(app.headers.vary)).toBe("Accept-Encoding, Cookie");
      expect((await withCookie("/docs")).body).not.toContain("data-session-cookie");
    } finally {
      await rm(path.join(distDir, "landing.html"));
    }
  });

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

  it("sends a script the build compressed in the encoding the browser takes, with a long cache", async () => {
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const response = await server.inject({
        method: "GET",
        url: "/assets/big-1234.js",
        headers: { "accept-encoding": accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase()).toContain("accept-encoding");
      expect(response.headers["cache-control"]).toContain("immutable");
      expect(response.headers["content-type"]).toContain("javascript");
      expect(decode(response.rawPayload).toString()).toBe(BIG_SCRIPT);
    }
    const plain = await get("/assets/big-1234.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it("compresses the page for a browser that takes it, and not for one that turned it off", async () => {
    const br = await server.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<title>Utmost</title>");
    const off = await server.inject({
      method: "GET",
      url: "/dashboard",
      headers: { "accept-encoding": "br;q=0, gzip;q=0" },
    });
    expect(off.headers["content-encoding"]).toBeUndefined();
    expect(off.body).toContain("<title>Utmost</title>");
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

describe("the session cookie's mark on the landing page", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["utmost.session_token=a.b", true],
    ["__Secure-utmost.session_token=a.b", true],
    ["x=1;utmost.session_token=a.b", true],
    ["utmost.session_data=a.b", false],
    ["notutmost.session_token=a.b", false],
    ["x=utmost.session_token=a.b", false],
  ])("Cookie %j is a session cookie: %j", (header, expected) => {
    expect(hasSessionCookie(header)).toBe(expected);
  });

  it("goes on the html element, once", () => {
    expect(
      markSessionCookie('<!doctype html>\n<html lang="en"><body><p>html</p></body></html>'),
    ).toBe('<!doctype html>\n<html data-session-cookie lang="en"><body><p>html</p></body></html>');
  });
});

describe("the encoding a response is sent in", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br", "br"],
    ["gzip;q=1.0, br;q=0", "gzip"],
    ["BR", "br"],
    ["*", "gzip"],
    ["deflate", null],
  ])("Accept-Encoding %j gives %j", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
