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

export interface InvitationMailInput {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: "admin" | "member";
  url: string;
  expiresAt: Date;
}

/** Issue 6: the invitation with its single-use link to `/invite/accept?token=...`. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const inviter = input.inviterName.trim() || "A teammate";
  const asRole = input.role === "admin" ? "an admin" : "a member";
  const lead = `${inviter} invited you to join the workspace "${input.workspaceName}" on Utmost as ${asRole}.`;
  const expiry = `The invitation expires on ${input.expiresAt.toUTCString()}. If you were not expecting it, ignore this message.`;
  return {
    to: input.to,
    subject: `${inviter} invited you to ${input.workspaceName} on Utmost`,
    text: [
      "Hi,",
      "",
      lead,
      "To accept, open:",
      input.url,
      "",
      "Sign in or sign up with this email address to accept.",
      expiry,
    ].join("\n"),
    html: [
      "<p>Hi,</p>",
      `<p>${escapeHtml(lead)}</p>`,
      `<p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p>`,
      "<p>Sign in or sign up with this email address to accept.</p>",
      `<p>${escapeHtml(expiry)}</p>`,
    ].join("\n"),
  };
}
