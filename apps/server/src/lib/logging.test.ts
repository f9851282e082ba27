import { DrizzleQueryError } from "drizzle-orm/errors";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, serializeError } from "./logging.ts";

/** A failed insert as Drizzle reports it: the statement's values in its message and fields. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
    code: "23505",
    detail: "Key (name)=(Secret Project\u0000) already exists.",
  });
  return new DrizzleQueryError(
    'insert into "api_keys" ("name", "key_hash") values ($1, $2)',
    ["Secret Project\u0000", "9f86d081884c7d659a2feaa0c55ad015"],
    cause,
  );
}

describe("the log", () => {
  it("keeps a failed statement's SQL and cause, never its values", () => {
    const logged = JSON.stringify(serializeError(failedInsert()));
    expect(logged).toContain('insert into \\"api_keys\\"');
    expect(logged).toContain("duplicate key value violates unique constraint");
    expect(logged).not.toContain("Secret Project");
    expect(logged).not.toContain("9f86d081884c7d659a2feaa0c55ad015");
    expect(logged).not.toContain("\\u0000");
  });

  it("redacts fields named like secrets, in errors and in log lines", () => {
    const error = Object.assign(new Error("refused"), {
      request: { headers: { authorization: "Bearer utm_live_abc", accept: "*/*" } },
      keyHash: "9f86d081",
    });
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain("utm_live_abc");
    expect(serialized).not.toContain("9f86d081");
    expect(serialized).toContain("*/*");

    const lines: string[] = [];
    const logger = pino(loggerOptions("info"), { write: (line: string) => lines.push(line) });
    logger.info(
      { body: { password: "hunter22", token: "t0k3n" }, req: { headers: { cookie: "a=b" } } },
      "hello",
    );
    logger.error({ err: failedInsert() }, "unhandled error");
    const text = lines.join("");
    for (const secret of ["hunter22", "t0k3n", "a=b", "Secret Project", "9f86d081884c"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("unhandled error");
  });
});
