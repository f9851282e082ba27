import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/*
 * Text other people wrote (workspace, inviter and property names, values found in a property's
 * traffic) must not turn our mail into theirs: a workspace named "Your account is locked - verify
 * at https://evil.example" would otherwise arrive as a clickable link from Utmost (issue 21,
 * finding 4). Mail clients autolink anything shaped like a URL or a domain, in text and HTML
 * parts alike, so the shape is broken where the text is not meant to link:
 * - text parts "defang" it the way security advisories share hostile addresses:
 *   `https://evil.example` reads `https[:]//evil[.]example`, which no autolinker takes for a link;
 * - HTML parts escape it and put a zero-width non-joiner (U+200C) after the scheme's colon and
 *   each dot of a name, so it reads as written but no longer parses as a URL or a host name;
 * - subjects are one line: line breaks and other control characters become spaces (a header
 *   cannot be split), and URLs are defanged as in text parts.
 * Our own links (the invitation, the report) are written by us and left whole.
 */
const ZWNJ = "\u200C";
/** A scheme such as `https:` in front of `//`. */
const SCHEME = /([a-z][a-z0-9+.-]{0,30}):(?=\/\/)/gi;
/** A dot between parts of a name, followed by a label with a letter (`evil.example`, not `2.5`). */
const NAME_DOT = /(?<=[\p{L}\p{N}_-])\.(?=[\p{L}\p{N}-]*\p{L})/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Someone else's text for a text part: one line, no link a mail client would make. */
export function inertText(value: string): string {
  return value.replace(CONTROL, " ").replace(SCHEME, "$1[:]").replace(NAME_DOT, "[.]");
}

/** Someone else's text for an HTML part: escaped, and no link a mail client would make. */
export function inertHtml(value: string): string {
  const broken = value
    .replace(CONTROL, " ")
    .replace(SCHEME, `$1:${ZWNJ}`)
    .replace(NAME_DOT, `.${ZWNJ}`);
  return escapeHtml(broken);
}

/** A subject with someone else's text in it: one header line, no link. */
export function inertSubject(value: string): string {
  return inertText(value).replace(/\s+/g, " ").trim();
}

export function passwordResetMail(to: string, fullName: string, url: string): MailMessage {
  // An unverified sign-up may have typed the name under someone else's address: no link in it.
  const greeting = fullName ? `Hi ${inertText(fullName)},` : "Hi,";
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
      `<p>${inertHtml(greeting)}</p>`,
      "<p>Someone asked to reset the password of your Utmost account.</p>",
      `<p><a href="${escapeHtml(url)}">Choose a new password</a></p>`,
      "<p>The link works for one hour. If you did not ask for this, ignore this message: your password stays as it is.</p>",
    ].join("\n"),
  };
}

/** The link that proves a password sign-up owns its address (Better Auth's email verification). */
export function verifyEmailMail(to: string, fullName: string, url: string): MailMessage {
  // The name is whatever the sign-up typed, perhaps not the address's owner: no link in it.
  const greeting = fullName ? `Hi ${inertText(fullName)},` : "Hi,";
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
      `<p>${inertHtml(greeting)}</p>`,
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
  // The inviter and the workspace name are theirs to choose: never a link here.
  const lead = (name: string, workspace: string) =>
    `${name} invited you to join the workspace "${workspace}" on Utmost as ${asRole}.`;
  const expiry = `The invitation expires on ${input.expiresAt.toUTCString()}. If you were not expecting it, ignore this message.`;
  return {
    to: input.to,
    subject: inertSubject(`${inviter} invited you to ${input.workspaceName} on Utmost`),
    text: [
      "Hi,",
      "",
      lead(inertText(inviter), inertText(input.workspaceName)),
      "To accept, open:",
      input.url,
      "",
      "Sign in or sign up with this email address to accept.",
      expiry,
    ].join("\n"),
    html: [
      "<p>Hi,</p>",
      `<p>${lead(inertHtml(inviter), inertHtml(input.workspaceName))}</p>`,
      `<p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p>`,
      "<p>Sign in or sign up with this email address to accept.</p>",
      `<p>${escapeHtml(expiry)}</p>`,
    ].join("\n"),
  };
}

export interface AlertMailSection {
  headline: string;
  facts: string;
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
  // Headlines and details carry property names and values found in traffic: never links.
  const footer = (workspace: string) =>
    `You get this because an alert rule of the workspace "${workspace}" on Utmost sends to this address. Change or switch off the rule on the Alert Settings page.`;
  return {
    to: input.to,
    subject: inertSubject(input.subject),
    text: [
      ...input.sections.flatMap((section) => [
        inertText(section.headline),
        inertText(section.facts),
        ...section.details.map((line) => `- ${inertText(line)}`),
        section.url,
        "",
      ]),
      `Dashboard: ${input.dashboardUrl}`,
      "",
      footer(inertText(input.workspaceName)),
    ].join("\n"),
    html: [
      ...input.sections.map((section) =>
        [
          `<h2 style="font-size:16px;margin:16px 0 4px">${inertHtml(section.headline)}</h2>`,
          `<p style="margin:0 0 8px;color:#555">${inertHtml(section.facts)}</p>`,
          section.details.length > 0
            ? `<ul>${section.details.map((line) => `<li>${inertHtml(line)}</li>`).join("")}</ul>`
            : "",
          `<p><a href="${escapeHtml(section.url)}">View the report</a></p>`,
        ].join("\n"),
      ),
      `<p><a href="${escapeHtml(input.dashboardUrl)}">Open the dashboard</a></p>`,
      `<p style="color:#777;font-size:12px">${footer(inertHtml(input.workspaceName))}</p>`,
    ].join("\n"),
  };
}

export interface AlertRecipientConfirmationInput {
  to: string;
  workspaceName: string;
  /** Who added the address to an alert rule. */
  requesterName: string;
  url: string;
  expiresAt: Date;
}

/**
 * Issue 21: an alert rule mails an address outside the workspace only after its owner confirms
 * (double opt-in). This is the one message such an address gets before that.
 */
export function alertRecipientConfirmationMail(
  input: AlertRecipientConfirmationInput,
): MailMessage {
  const requester = input.requesterName.trim() || "A member";
  const lead = (workspace: string, name: string) =>
    `The workspace "${workspace}" on Utmost wants to send you Utmost alerts: health scores and UTM tagging issues of its Google Analytics properties. ${name} added this address to one of its alert rules.`;
  const ignore = `If you do not want these alerts, ignore this message: nothing more is sent to you unless you confirm. The link works until ${input.expiresAt.toUTCString()}.`;
  return {
    to: input.to,
    subject: inertSubject(`${input.workspaceName} wants to send you Utmost alerts`),
    text: [
      "Hi,",
      "",
      lead(inertText(input.workspaceName), inertText(requester)),
      "",
      "To confirm, open:",
      input.url,
      "",
      ignore,
    ].join("\n"),
    html: [
      "<p>Hi,</p>",
      `<p>${lead(inertHtml(input.workspaceName), inertHtml(requester))}</p>`,
      `<p><a href="${escapeHtml(input.url)}">Confirm: send me these alerts</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  };
}

export interface InactivityNoticeInput {
  to: string;
  fullName: string;
  /** When the user last signed in or used the app. */
  lastActiveAt: Date;
  /** From when the account is deleted unless the user signs in (at least 60 days on). */
  deletionDate: Date;
  signInUrl: string;
}

/** A date as the legal pages write one: "November 1, 2025" (UTC). */
function longDate(date: Date): string {
  return date.toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/**
 * Issue 23: the one notice an inactive account gets, 60 days or more before it is deleted
 * (spec §9 legal facts: inactive accounts 24 months plus 60-day notice).
 */
export function inactivityNoticeMail(input: InactivityNoticeInput): MailMessage {
  // An unverified sign-up may have typed the name under someone else's address: no link in it.
  const name = input.fullName.trim();
  const greeting = name ? `Hi ${inertText(name)},` : "Hi,";
  const deletionDate = longDate(input.deletionDate);
  const lead = `Your Utmost account (${input.to}) has not been used since ${longDate(input.lastActiveAt)}. We delete accounts nobody has signed in to for 24 months, so this account will be deleted on ${deletionDate}, together with the workspaces you own and their properties, audits, reports and alerts.`;
  const keep = `To keep your account, sign in before ${deletionDate}; nothing else is needed.`;
  const after =
    "After that date you can still recover the account by signing in within 30 days; then it is permanently deleted. If you no longer need it, you need do nothing. Billing records are kept for 7 years without your name, email or address, as tax law requires.";
  return {
    to: input.to,
    subject: `Your Utmost account will be deleted on ${deletionDate}`,
    text: [greeting, "", lead, "", keep, input.signInUrl, "", after].join("\n"),
    html: [
      `<p>${name ? `Hi ${inertHtml(name)},` : "Hi,"}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<p>${escapeHtml(keep)}</p>`,
      `<p><a href="${escapeHtml(input.signInUrl)}">Sign in to keep my account</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
    ].join("\n"),
  };
}
