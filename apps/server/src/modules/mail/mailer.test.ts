import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { loadConfig } from "../../env.ts";
import { createMailer } from "./mailer.ts";

/** A database no mail may touch: any use throws. */
const untouchable = new Proxy({} as Db, {
  get() {
    throw new Error("the database was used");
  },
});

describe("createMailer", () => {
  it("writes each mail, whole, to the log with MAIL_TRANSPORT=log, and nowhere else", async () => {
    const lines: { details: object; message: string }[] = [];
    const mailer = createMailer(
      loadConfig({ MAIL_TRANSPORT: "log", MAIL_FROM: "Utmost <no-reply@utmost.example.com>" }),
      untouchable,
      { info: (details, message) => lines.push({ details, message }) },
    );
    expect(mailer.kind).toBe("log");
    await mailer.send({
      to: "ada@example.com",
      subject: "Reset your password",
      text: "Open https://utmost.example.com/auth/reset-password?token=abc",
    });
    expect(lines).toEqual([
      {
        message: "mail (MAIL_TRANSPORT=log)",
        details: {
          mail: {
            from: "Utmost <no-reply@utmost.example.com>",
            to: "ada@example.com",
            subject: "Reset your password",
            text: "Open https://utmost.example.com/auth/reset-password?token=abc",
          },
        },
      },
    ]);
  });

  it("picks SMTP with SMTP_URL, and the outbox without it, as before", () => {
    const log = { info: () => {} };
    expect(
      createMailer(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }), untouchable, log).kind,
    ).toBe("smtp");
    expect(createMailer(loadConfig({}), untouchable, log).kind).toBe("outbox");
  });
});
