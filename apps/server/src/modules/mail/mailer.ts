import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import type { Config } from "../../env.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: Config["mailTransport"];
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real delivery through the SMTP server named by `SMTP_URL`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** What the log mailer writes with: the server's (pino) logger. */
export interface MailLog {
  info(details: object, message: string): void;
}

/**
 * MAIL_TRANSPORT=log: each mail, whole, in the server log at info level. For a deployment whose
 * operators read mail in its log; the log then holds password-reset and invitation links, so it
 * must be kept as private as the database. Nothing is stored anywhere else.
 */
export function createLogMailer(log: MailLog, from: string): Mailer {
  return {
    kind: "log",
    async send(message) {
      log.info({ mail: { from, ...message } }, "mail (MAIL_TRANSPORT=log)");
    },
    close: () => {},
  };
}

/** The mailer MAIL_TRANSPORT names (env.ts). */
export function createMailer(config: Config, db: Db, log: MailLog): Mailer {
  if (config.mailTransport === "smtp" && config.smtpUrl) {
    return createSmtpMailer(config.smtpUrl, config.mailFrom);
  }
  if (config.mailTransport === "log") return createLogMailer(log, config.mailFrom);
  return createOutboxMailer(db);
}

/** The embedded default keeps mail in the database, listed on the app's Outbox page. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    close: () => {},
  };
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
