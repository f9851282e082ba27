import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { errorBody } from "../../lib/errors.ts";

/**
 * Serves the built single-page app; any page GET outside /api that is not a file gets index.html so
 * the browser router can answer it (its own 404 page included). `absentPages` are paths this
 * deployment does not have, with everything under them (the demo's outbox and stand-ins outside
 * the demo): a plain 404.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { distDir: string; absentPages?: readonly string[] },
) {
  const hasWeb = existsSync(path.join(options.distDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      maxAge: "1h",
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
    // HTML is never cached, so a new build reaches browsers at once; hashed assets are.
    app.get("/", (_request, reply) => sendIndex(reply));
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
      return sendIndex(reply);
    }
    return reply
      .status(404)
      .send(errorBody("NOT_FOUND", `No route for ${request.method} ${pathname}`));
  });
}

function sendIndex(reply: FastifyReply) {
  return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
}
