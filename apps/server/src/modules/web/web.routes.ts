import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../../lib/errors.ts";
import { COOKIE_PREFIX } from "../auth/auth.ts";

/**
 * Serves the built single-page app; any page GET outside /api that is not a file gets index.html so
 * the browser router can answer it (its own 404 page included). `absentPages` are paths this
 * deployment does not have, with everything under them (the demo's outbox and stand-ins outside
 * the demo): a plain 404. index.html's link-preview image gets this deployment's address
 * (`siteUrl`): Open Graph and Twitter cards need an absolute URL, which the build cannot know.
 * `/` is the landing page rendered at build, with a script of its own. A page asks who is signed
 * in only when it says the request carried a session cookie (`markSessionCookie`).
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { distDir: string; siteUrl: string; absentPages?: readonly string[] },
) {
  const indexPath = path.join(options.distDir, "index.html");
  // The same page with the landing page already in it (apps/web/scripts/prerender.ts), for `/`.
  const landingPath = path.join(options.distDir, "landing.html");
  const hasWeb = existsSync(indexPath);
  const compressed = new CompressedCache();
  // Read on each request, as the static files are, so a rebuild is served at once.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, landing = false) => {
    const file = landing && existsSync(landingPath) ? landingPath : indexPath;
    let html = absolutePreviewImages(await readFile(file, "utf8"), options.siteUrl);
    if (hasSessionCookie(request.headers.cookie)) html = markSessionCookie(html);
    // HTML is never cached, so a new build reaches browsers at once; hashed assets are.
    reply.header("cache-control", "no-cache").header("vary", "Accept-Encoding, Cookie");
    reply.type("text/html; charset=utf-8");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (encoding === null) return reply.send(html);
    return reply.header("content-encoding", encoding).send(compressed.get(html, encoding));
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      maxAge: "1h",
      // The build writes .br and .gz beside each text file (apps/web/scripts/compress-dist.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
    app.get("/", (request, reply) => sendIndex(request, reply, true));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    // A missing file (an old hashed asset) is a 404, not the app's HTML under a script's name.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const isPage = request.method === "GET" || request.method === "HEAD";
    const page = pathname.replace(/\/+$/, "").toLowerCase();
    const absent = (options.absentPages ?? []).some(
      (absentPage) => page === absentPage || page.startsWith(`${absentPage}/`),
    );
    if (!isApi && !looksLikeFile && hasWeb && isPage && !absent) {
      return sendIndex(request, reply);
    }
    return reply
      .status(404)
      .send(errorBody("NOT_FOUND", `No route for ${request.method} ${pathname}`));
  });
}

/** `content="/og-image.png"` in a preview tag becomes `content="https://app.example/og-image.png"`. */
export function absolutePreviewImages(html: string, siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  return html.replace(
    /(<meta\s+(?:property="og:image"|name="twitter:image")\s+content=")\/(?!\/)/g,
    `$1${base}/`,
  );
}

/** Better Auth's session cookie (auth.ts), plain or `__Secure-`: only whether it is there. */
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/** Whether a Cookie header carries a session cookie, valid or not (the API decides that). */
export function hasSessionCookie(header: string | undefined): boolean {
  return header !== undefined && SESSION_COOKIE.test(header);
}

/**
 * A page with `data-session-cookie` on `<html>`: the request carried a session cookie, which the
 * page's scripts cannot see (httpOnly), so the landing page's script and the app's public header
 * ask `GET /api/session` who is signed in; without the mark they ask nothing, a signed-out
 * visitor's public page makes no API call (issue 24; apps/web/src/lib/session-cookie-mark.ts).
 */
export function markSessionCookie(html: string): string {
  return html.replace(/<html\b/i, "<html data-session-cookie");
}

type Encoding = "br" | "gzip";

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli, then gzip, as the static
 * files are chosen; one the client turned off with `q=0` is not used. Null: send it as it is.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name !== "" && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/**
 * The pages' compressed forms (the app's page and the landing page's), kept while a page is the
 * same; a rebuild's pages replace them.
 */
class CompressedCache {
  #pages = new Map<string, Map<Encoding, Buffer>>();

  get(html: string, encoding: Encoding): Buffer {
    let forms = this.#pages.get(html);
    if (!forms) {
      if (this.#pages.size >= 4) this.#pages.clear();
      forms = new Map();
      this.#pages.set(html, forms);
    }
    let form = forms.get(encoding);
    if (!form) {
      form =
        encoding === "br"
          ? brotliCompressSync(html, {
              params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
            })
          : gzipSync(html);
      forms.set(encoding, form);
    }
    return form;
  }
}
