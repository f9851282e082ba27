/**
 * Answers the stand-in's consent page the way a browser would, for server-side tests: GET the
 * authorization URL, pick an account, POST the form with "Allow" or "Deny", and return where
 * the stand-in redirects (the app's callback with `code` or `error`).
 */

export interface ConsentDecisionOptions {
  /** The test account to choose; the page's preselected one when absent. */
  email?: string;
  decision?: "allow" | "deny";
  /**
   * The optional (non sign-in) scopes left ticked, as granted-scope URLs; all of them when
   * absent, as the page starts.
   */
  scopes?: readonly string[];
  fetch?: typeof fetch;
}

export async function consentDecision(
  authorizationUrl: string,
  options: ConsentDecisionOptions = {},
): Promise<string> {
  const fetchImpl = options.fetch ?? fetch;
  const page = await fetchImpl(authorizationUrl, { redirect: "manual" });
  const pageLocation = page.headers.get("location");
  if (page.status === 302 && pageLocation) return pageLocation;
  const html = await page.text();
  if (page.status !== 200) {
    throw new Error(`The consent page answered ${page.status}: ${errorLine(html)}`);
  }

  const action = match(html, /<form method="post" action="([^"]*)">/);
  const request = match(html, /<input type="hidden" name="request" value="([^"]*)">/);
  if (action === undefined || request === undefined) {
    throw new Error("The consent page has no consent form");
  }
  const accounts = [...html.matchAll(/<label class="account">([\s\S]*?)<\/label>/g)].map(
    ([, label = ""]) => ({
      sub: match(label, /value="([^"]*)"/) ?? "",
      email: match(label, /<span class="email">([^<]*)<\/span>/) ?? "",
      checked: / checked[ >]/.test(label),
    }),
  );
  const chosen = options.email
    ? accounts.find((account) => account.email === options.email?.toLowerCase())
    : accounts.find((account) => account.checked);
  if (!chosen) {
    throw new Error(`The consent page offers no account ${options.email ?? "(none selected)"}`);
  }
  const offered = [...html.matchAll(/<input type="checkbox" name="scope" value="([^"]*)"/g)].map(
    ([, value = ""]) => unescapeHtml(value),
  );

  const form = new URLSearchParams({ request, account: chosen.sub });
  for (const scope of offered) {
    if (options.scopes === undefined || options.scopes.includes(scope)) form.append("scope", scope);
  }
  form.set("decision", options.decision ?? "allow");
  const answer = await fetchImpl(new URL(action, authorizationUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location) {
    throw new Error(
      `The consent form answered ${answer.status}: ${errorLine(await answer.text())}`,
    );
  }
  return location;
}

function match(text: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(text)?.[1];
  return found === undefined ? undefined : unescapeHtml(found);
}

function errorLine(html: string): string {
  return unescapeHtml(match(html, /<p class="error-code">([^<]*)<\/p>/) ?? html.slice(0, 200));
}

function unescapeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
