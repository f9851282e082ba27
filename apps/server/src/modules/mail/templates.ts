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

export interface AlertMailSection {
  headline: string;
  facts: string;
/** The link that proves a password sign-up owns its address (Better Auth's email verification). */
export function verifyEmailMail(to: string, fullName: string, url: string): MailMessage {
  const greeting = fullName ? `Hi ${fullName},` : "Hi,";
  return {
    to,
    subject: "Verify your email address for Utmost",
    text: [
      greeting,
      "",
      "To finish creating your Utmost account, confirm this is your address by opening:",
      url,
      "",
      "The link works for 24 hours. If you did not create an account, ignore this message: nothing happens without the link.",
    ].join("\n"),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      "<p>To finish creating your Utmost account, confirm this is your address.</p>",
      `<p><a href="${escapeHtml(url)}">Verify my email address</a></p>`,
      "<p>The link works for 24 hours. If you did not create an account, ignore this message: nothing happens without the link.</p>",
    ].join("\n"),
  };
}

/**
 * A sign-up with an address that already has an account: the sign-up answers as for a new one
 * (no one learns the address is taken), and the owner hears of it here instead.
 */
export function existingAccountSignUpMail(
  to: string,
  fullName: string,
  resetUrl: string,
): MailMessage {
  const greeting = fullName ? `Hi ${fullName},` : "Hi,";
  const lead =
    "Someone tried to create an Utmost account with your address, which already has one. No new account was created.";
  const advice =
    "If it was you, sign in with your existing account. Forgot your password? Choose a new one at:";
  return {
    to,
    subject: "Someone tried to create an Utmost account with your address",
    text: [
      greeting,
      "",
      lead,
      "",
      advice,
      resetUrl,
      "",
      "If it was not you, you need do nothing: your account and password are unchanged.",
    ].join("\n"),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      "<p>If it was you, sign in with your existing account.</p>",
      `<p><a href="${escapeHtml(resetUrl)}">Forgot your password? Choose a new one</a></p>`,
      "<p>If it was not you, you need do nothing: your account and password are unchanged.</p>",
    ].join("\n"),
  };
}

  details: string[];
  url: string;
}

export interface AlertMailInput {
  to: string;
  subject: string;
  workspaceName: string;
  /** One per alert: a realtime or test alert has one, a digest one or more. */
  sections: AlertMailSection[];
  dashboardUrl: string;
}

/** Issue 7: an alert rule's message, realtime, digest or test. */
export function alertMail(input: AlertMailInput): MailMessage {
  const footer = `You get this because an alert rule of the workspace "${input.workspaceName}" on Utmost sends to this address. Change or switch off the rule on the Alert Settings page.`;
  return {
    to: input.to,
    subject: input.subject,
    text: [
      ...input.sections.flatMap((section) => [
        section.headline,
        section.facts,
        ...section.details.map((line) => `- ${line}`),
        section.url,
        "",
      ]),
      `Dashboard: ${input.dashboardUrl}`,
      "",
      footer,
    ].join("\n"),
    html: [
      ...input.sections.map((section) =>
        [
          `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.headline)}</h2>`,
          `<p style="margin:0 0 8px;color:#555">${escapeHtml(section.facts)}</p>`,
          section.details.length > 0
            ? `<ul>${section.details.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
            : "",
          `<p><a href="${escapeHtml(section.url)}">View the report</a></p>`,
        ].join("\n"),
      ),
      `<p><a href="${escapeHtml(input.dashboardUrl)}">Open the dashboard</a></p>`,
      `<p style="color:#777;font-size:12px">${escapeHtml(footer)}</p>`,
    ].join("\n"),
  };
}
