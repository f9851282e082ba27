/**
 * The scopes the stand-in knows, how Google names them once granted, and how the consent page
 * describes them (ga4-protocol.md §1.2, §1.5).
 */

export const USERINFO_EMAIL = "https://www.googleapis.com/auth/userinfo.email";
export const USERINFO_PROFILE = "https://www.googleapis.com/auth/userinfo.profile";
export const ANALYTICS_READONLY = "https://www.googleapis.com/auth/analytics.readonly";
export const ANALYTICS = "https://www.googleapis.com/auth/analytics";
export const ANALYTICS_EDIT = "https://www.googleapis.com/auth/analytics.edit";

/** The scopes that let a token read the Admin and Data APIs (§2, §3). */
export const ANALYTICS_READ_SCOPES: readonly string[] = [
  ANALYTICS_READONLY,
  ANALYTICS,
  ANALYTICS_EDIT,
];

/**
 * Google reports `email` and `profile` as their userinfo URLs, and adds `openid` whenever either
 * is granted (§1.5 note; the scope-changed warning oauthlib users see with Google).
 */
const GRANTED_NAME: Readonly<Record<string, string>> = {
  email: USERINFO_EMAIL,
  profile: USERINFO_PROFILE,
};

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: "Associate you with your personal info on Google",
  [USERINFO_EMAIL]: "See your primary Google Account email address",
  [USERINFO_PROFILE]:
    "See your personal info, including any personal info you've made publicly available",
  [ANALYTICS_READONLY]: "See and download your Google Analytics data",
  [ANALYTICS]: "See and download your Google Analytics data, and manage its settings",
  [ANALYTICS_EDIT]: "Edit Google Analytics management entities",
};

/** Sign-in scopes: always granted with the consent, never offered as a checkbox. */
const IDENTITY_SCOPES = new Set(["openid", USERINFO_EMAIL, USERINFO_PROFILE]);

export type ScopeParse = { ok: true; scopes: string[] } | { ok: false; invalid: string[] };

/** Splits a space-delimited scope parameter into Google's granted names, in request order. */
export function parseRequestedScopes(raw: string): ScopeParse {
  const scopes: string[] = [];
  const invalid: string[] = [];
  for (const token of raw.split(/\s+/).filter((part) => part.length > 0)) {
    const name = GRANTED_NAME[token] ?? token;
    if (DESCRIPTIONS[name] === undefined) invalid.push(token);
    else if (!scopes.includes(name)) scopes.push(name);
  }
  if (invalid.length > 0) return { ok: false, invalid };
  if (
    (scopes.includes(USERINFO_EMAIL) || scopes.includes(USERINFO_PROFILE)) &&
    !scopes.includes("openid")
  ) {
    scopes.push("openid");
  }
  return { ok: true, scopes };
}

export function isIdentityScope(scope: string): boolean {
  return IDENTITY_SCOPES.has(scope);
}

export function describeScope(scope: string): string {
  return DESCRIPTIONS[scope] ?? scope;
}

export function hasAnyScope(granted: readonly string[], accepted: readonly string[]): boolean {
  return granted.some((scope) => accepted.includes(scope));
}

/** Union in order: what was there first, then what is new. */
export function mergeScopes(first: readonly string[], second: readonly string[]): string[] {
  return [...first, ...second.filter((scope) => !first.includes(scope))];
}
