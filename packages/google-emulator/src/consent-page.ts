/**
 * The stand-in's account chooser and consent screen, and Google-style OAuth error pages. Plain
 * server-rendered HTML: an e2e test clicks "Allow" or "Deny", and a person in the demo sees at
 * once that this is not Google. Every reflected value goes through `escapeHtml`.
 */

export interface ConsentPageAccount {
  sub: string;
  name: string;
  email: string;
  picture: string;
}

export interface ConsentPageModel {
  appName: string;
  /** Where the answer goes (scheme and host), so the person knows which site gets it. */
  redirectOrigin: string;
  /** The URL path the form posts to. */
  action: string;
  /** The sealed authorization request, returned with the decision. */
  request: string;
  accounts: readonly ConsentPageAccount[];
  selectedSub: string | undefined;
  /** Sign-in permissions, granted with any "Allow". */
  identityScopes: readonly string[];
  /** Permissions the person may untick (Google's granular consent, §1.3). */
  optionalScopes: readonly { scope: string; description: string }[];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
  :root { color-scheme: light; font-family: Roboto, Arial, sans-serif; color: #202124; }
  body { margin: 0; background: #f0f4f9; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: 1.75rem; padding: 2rem 2.25rem; }
  .stand-in { background: #fef7e0; border: 1px solid #f9ab00; border-radius: .5rem; padding: .75rem 1rem; font-size: .875rem; margin: 0 0 1.5rem; }
  h1 { font-size: 1.75rem; font-weight: 400; margin: 0 0 .25rem; }
  h2 { font-size: 1rem; font-weight: 500; margin: 1.5rem 0 .5rem; }
  p { line-height: 1.5; }
  fieldset { border: 0; padding: 0; margin: 1rem 0 0; }
  legend { font-weight: 500; margin-bottom: .5rem; }
  .account { display: flex; align-items: center; gap: .75rem; padding: .625rem .75rem; border: 1px solid #dadce0; border-radius: .5rem; margin-bottom: .5rem; cursor: pointer; }
  .account:has(input:checked) { border-color: #0b57d0; background: #f3f7fe; }
  .account img { width: 2rem; height: 2rem; border-radius: 50%; }
  .account span { display: block; }
  .email { color: #444746; font-size: .875rem; }
  ul { padding-left: 1.25rem; line-height: 1.6; }
  .scope { display: flex; gap: .5rem; align-items: flex-start; margin: .375rem 0; }
  .actions { display: flex; justify-content: flex-end; gap: .75rem; margin-top: 2rem; }
  button { font: inherit; font-weight: 500; border-radius: 1.25rem; padding: .625rem 1.5rem; cursor: pointer; }
  button[value="deny"] { background: #fff; color: #0b57d0; border: 1px solid #747775; }
  button[value="allow"] { background: #0b57d0; color: #fff; border: 1px solid #0b57d0; }
  button:focus-visible, input:focus-visible { outline: 3px solid #a8c7fa; outline-offset: 2px; }
  .error-code { font-weight: 500; }
  dl { font-size: .875rem; word-break: break-all; }
  dt { font-weight: 500; }
  dd { margin: 0 0 .5rem; }
`;

const STAND_IN_NOTICE =
  '<p class="stand-in" role="note"><strong>Offline Google stand-in.</strong> ' +
  "This page imitates Google sign-in for development and tests. It is not Google: no real " +
  "account, password or Analytics data is involved.</p>";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${STAND_IN_NOTICE}
${body}
</main>
</body>
</html>
`;
}

export function renderConsentPage(model: ConsentPageModel): string {
  const app = escapeHtml(model.appName);
  const selected = model.selectedSub ?? model.accounts[0]?.sub;
  const accounts = model.accounts
    .map(
      (account) => `<label class="account">
  <input type="radio" name="account" value="${escapeHtml(account.sub)}"${account.sub === selected ? " checked" : ""} required>
  <img src="${escapeHtml(account.picture)}" alt="">
  <span><span>${escapeHtml(account.name)}</span><span class="email">${escapeHtml(account.email)}</span></span>
</label>`,
    )
    .join("\n");
  const identity = model.identityScopes.map((text) => `<li>${escapeHtml(text)}</li>`).join("\n");
  const optional = model.optionalScopes
    .map(
      ({ scope, description }) => `<label class="scope">
  <input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked>
  <span>${escapeHtml(description)}</span>
</label>`,
    )
    .join("\n");

  return page(
    "Sign in – Google Accounts (offline stand-in)",
    `<h1>Sign in with Google</h1>
<p>to continue to <strong>${app}</strong></p>
<form method="post" action="${escapeHtml(model.action)}">
<input type="hidden" name="request" value="${escapeHtml(model.request)}">
<fieldset>
<legend>Choose an account</legend>
${accounts}
</fieldset>
<h2 id="access-heading">${app} wants to access your Google Account</h2>
${identity ? `<ul aria-labelledby="access-heading">\n${identity}\n</ul>` : ""}
${optional ? `<fieldset>\n<legend>Select what ${app} can access</legend>\n${optional}\n</fieldset>` : ""}
<p>Choosing Allow sends your answer to <strong>${escapeHtml(model.redirectOrigin)}</strong>.</p>
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`,
  );
}

export interface ErrorPageModel {
  status: number;
  /** The OAuth error code Google prints, e.g. `redirect_uri_mismatch`. */
  error: string;
  heading: string;
  description: string;
  /** The request's parameters, shown as Google's "Request details". */
  details: readonly (readonly [string, string])[];
}

export function renderErrorPage(model: ErrorPageModel): string {
  const details = model.details
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  return page(
    `Error ${model.status} (OAuth2 Error)`,
    `<h1>${escapeHtml(model.heading)}</h1>
<p>${escapeHtml(model.description)}</p>
<p class="error-code">Error ${model.status}: ${escapeHtml(model.error)}</p>
${details ? `<h2>Request details</h2>\n<dl>\n${details}\n</dl>` : ""}`,
  );
}

/** Google answers unknown paths, and GET on /revoke (§1.1), with a bare HTML 404. */
export function renderNotFoundPage(path: string): string {
  return page(
    "Error 404 (Not Found)",
    `<h1>404. That’s an error.</h1>
<p>The requested URL <code>${escapeHtml(path)}</code> was not found on this server. That’s all we know.</p>`,
  );
}
