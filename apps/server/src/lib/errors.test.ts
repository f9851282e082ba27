import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { registerErrorHandler } from "./errors.ts";

/** An error as node-postgres raises it (a SQLSTATE or a socket code), wrapped as Drizzle wraps it. */
function wrapped(code: string | undefined, message: string): Error {
  const cause = Object.assign(new Error(message), code === undefined ? {} : { code });
  return new Error("Failed query: select 1", { cause });
}

describe("a database out of reach", () => {
  it("tells a lost or refused connection from a wrong statement", () => {
    for (const [code, message] of [
      ["57P01", "terminating connection due to administrator command"],
      ["57P03", "the database system is starting up"],
      ["08006", "connection failure"],
      ["53300", "sorry, too many clients already"],
      ["ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"],
      [undefined, "timeout exceeded when trying to connect"],
      [undefined, "Connection terminated unexpectedly"],
    ] as const) {
      expect(isDatabaseUnavailable(wrapped(code, message)), message).toBe(true);
    }
    for (const [code, message] of [
      ["23505", "duplicate key value violates unique constraint"],
      ["42P01", 'relation "nope" does not exist'],
      ["57014", "canceling statement due to statement timeout"],
      [undefined, "Something else"],
    ] as const) {
      expect(isDatabaseUnavailable(wrapped(code, message)), message).toBe(false);
    }
    expect(isDatabaseUnavailable("57P01")).toBe(false);
  });

  it("answers 503 with Retry-After, and any other failure a bare 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get("/down", async () => {
      throw wrapped("57P01", "terminating connection due to administrator command");
    });
    app.get("/broken", async () => {
      throw wrapped("42P01", 'relation "nope" does not exist');
    });
    try {
      const down = await app.inject({ method: "GET", url: "/down" });
      expect(down.statusCode).toBe(503);
      expect(down.headers["retry-after"]).toBe("5");
      expect(down.json()).toEqual({
        error: {
          code: "DATABASE_UNAVAILABLE",
          message: "The service is briefly unavailable. Please try again in a moment.",
        },
      });
      const broken = await app.inject({ method: "GET", url: "/broken" });
      expect(broken.statusCode).toBe(500);
      expect(broken.json().error.code).toBe("INTERNAL");
      expect(broken.body).not.toContain("nope");
    } finally {
      await app.close();
    }
  });
});
