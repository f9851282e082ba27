import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function passwordResetMail(to: string, fullName: string, url: string): MailMessage {
  const greeting = fullName ? `Hi ${fullName},` : "Hi,";
  return {
    to,
    subject: "Reset your Utmost password",
    text: [
      greeting,
      "",
      "Someone asked to reset the password of your Utmost account. To choose a new one, open:",
      url,
      "",
      "The link works for one hour. If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      "<p>Someone asked to reset the password of your Utmost account.</p>",
      `<p><a href="${escapeHtml(url)}">Choose a new password</a></p>`,
      "<p>The link works for one hour. If you did not ask for this, ignore this message: your password stays as it is.</p>",
    ].join("\n"),
  };
}
