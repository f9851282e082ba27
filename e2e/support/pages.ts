import type { Page } from "playwright-core";
import type { Browser } from "./browser.ts";

/** One page of the product to look at: where it is, and a heading that says it has loaded. */
export interface PageVisit {
  name: string;
  path: string;
  heading: string | RegExp;
}

/** Every page a signed-out visitor can open (issue 22: axe and the phone width on all of them). */
export const SIGNED_OUT_PAGES: readonly PageVisit[] = [
  { name: "landing", path: "/", heading: /UTM/ },
  { name: "features", path: "/#features", heading: /UTM/ },
  { name: "pricing", path: "/#pricing", heading: /UTM/ },
  { name: "docs", path: "/docs", heading: "Documentation" },
  { name: "docs: connect", path: "/docs/connect", heading: "Connect Google Analytics" },
  { name: "docs: score", path: "/docs/score", heading: /score/i },
  { name: "docs: a check", path: "/docs/checks/campaign-typo", heading: /./ },
  { name: "privacy", path: "/privacy", heading: /Privacy/ },
  { name: "terms", path: "/terms", heading: /Terms/ },
  { name: "gdpr", path: "/gdpr", heading: /GDPR/ },
  { name: "sign-in", path: "/auth?mode=signin", heading: "Welcome back" },
  { name: "sign-up", path: "/auth?mode=signup", heading: "Create your account" },
  { name: "forgot password", path: "/auth?mode=forgot", heading: "Reset your password" },
  {
    name: "password reset",
    path: "/auth/reset-password?token=an-emailed-token",
    heading: "Choose a new password",
  },
  { name: "password reset, bad link", path: "/auth/reset-password", heading: "Reset link invalid" },
  { name: "invitation, bad link", path: "/invite/accept", heading: /./ },
  { name: "alert recipient, bad link", path: "/alert-recipients/confirm", heading: /./ },
  { name: "demo outbox", path: "/outbox", heading: "Outbox" },
  { name: "404", path: "/no-such-page", heading: "Oops! Page not found" },
];

/**
 * Every page of the app, for the demo login (an administrator on Agency whose workspace has
 * the demo property); `:property` stands for that property's id.
 */
export const SIGNED_IN_PAGES: readonly PageVisit[] = [
  { name: "dashboard", path: "/dashboard", heading: "Dashboard" },
  { name: "properties", path: "/data-sources", heading: "Analytics Properties" },
  { name: "health report with trends", path: "/data-sources/:property/health", heading: /./ },
  { name: "clients", path: "/clients", heading: "Client Overview" },
  { name: "connect a property", path: "/connect-data-source", heading: /Connect/ },
  { name: "alerts", path: "/alert-settings", heading: "Alert Settings" },
  { name: "link builder", path: "/builder", heading: "UTM Link Builder" },
  { name: "team members", path: "/workspace/members", heading: "Team Members" },
  { name: "profile settings", path: "/settings/profile", heading: /Settings/ },
  {
    name: "workspace settings, conventions and API keys",
    path: "/settings/workspace",
    heading: /Settings/,
  },
  { name: "billing", path: "/settings/billing", heading: /Settings/ },
  { name: "admin console", path: "/admin", heading: "Admin Panel" },
  { name: "404 signed in", path: "/no-such-page", heading: "Oops! Page not found" },
];

/**
 * Waits until the page shows `heading` and has stopped loading: no request in flight, no
 * "Loading..." status and no skeleton left.
 */
export async function openPage(browser: Browser, visit: PageVisit, property?: string) {
  const { page } = browser;
  const path = visit.path.replace(":property", property ?? ":property");
  await page.goto(browser.url(path));
  await page.getByRole("heading", { name: visit.heading }).first().waitFor();
  await settle(page);
}

export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () =>
      !document.querySelector(".animate-pulse") &&
      ![...document.querySelectorAll('[role="status"]')].some((status) =>
        status.textContent?.trim().endsWith("..."),
      ),
    undefined,
    { timeout: 15_000 },
  );
  // Entrance transitions (dialogs, tabs, fades) end before colours are measured.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The demo property's id, once the server's start-up seed has connected it and finished its
 * history of scans (the seed runs them one after the other just after the server listens), so
 * the health report shows its chart of scores.
 */
export async function demoPropertyId(browser: Browser): Promise<string> {
  const { page } = browser;
  const deadline = Date.now() + 180_000;
  let settledPolls = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error("the demo property's scans did not finish in 180 s");
    await page.goto(browser.url("/data-sources"));
    await page.getByRole("heading", { name: "Analytics Properties" }).first().waitFor();
    await settle(page);
    const href = await page
      .getByRole("link", { name: "View Report" })
      .first()
      .getAttribute("href", { timeout: 1_000 })
      .catch(() => null);
    const id = href?.match(/^\/data-sources\/([^/]+)\/health$/)?.[1];
    if (id) {
      const response = await page.request.get(browser.url(`/api/data-sources/${id}/scans`));
      const { scans } = (await response.json()) as { scans: { status: string }[] };
      const done = scans.filter((scan) => scan.status === "completed").length;
      const running = scans.some((scan) => scan.status === "running");
      // The seed's four weekly scans, and two quiet looks in a row: the seed may be between
      // one scan and the next.
      settledPolls = !running && done >= 4 ? settledPolls + 1 : 0;
      if (settledPolls >= 2) return id;
    }
    await page.waitForTimeout(1_500);
  }
}

/**
 * Gives the demo workspace one row in each list that starts empty (an alert rule, an API key, a
 * pending invitation), through the API as the signed-in demo login, so the pages show their
 * tables. Made once per server: the walks of both specs find them there.
 */
export async function furnishDemoWorkspace(browser: Browser) {
  const { request } = browser.page;
  const call = async (method: "GET" | "POST", pathname: string, data?: object) => {
    const response = await request.fetch(browser.url(pathname), { method, data });
    if (!response.ok()) {
      throw new Error(`${method} ${pathname}: ${response.status()} ${await response.text()}`);
    }
    return response.json();
  };
  const { workspaces } = (await call("GET", "/api/workspaces")) as {
    workspaces: { id: string; name: string }[];
  };
  const workspace = workspaces.find((item) => item.name === "Demo Workspace");
  if (!workspace) throw new Error("the demo login has no Demo Workspace");
  const base = `/api/workspaces/${workspace.id}`;

  const { alertRules } = (await call("GET", `${base}/alert-rules`)) as { alertRules: unknown[] };
  if (alertRules.length === 0) {
    await call("POST", `${base}/alert-rules`, {
      alertType: "webhook",
      destination: "https://hooks.example.com/utmost-alerts",
    });
  }
  const { apiKeys } = (await call("GET", `${base}/api-keys`)) as { apiKeys: unknown[] };
  if (apiKeys.length === 0) await call("POST", `${base}/api-keys`, { name: "Weekly export" });
  const { invitations } = (await call("GET", `${base}/invitations`)) as {
    invitations: unknown[];
  };
  if (invitations.length === 0) {
    await call("POST", `${base}/invitations`, { email: "new.analyst@example.com" });
  }
}
