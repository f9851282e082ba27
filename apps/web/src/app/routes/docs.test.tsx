import { screen, waitFor, within } from "@testing-library/react";
import type { DocsCheck } from "@utmost/contracts";
import { PLAN_LIST } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { DocsCheckRoute, DocsConnectRoute, DocsRoute, DocsScoreRoute } from "./docs";
import { RootRoute } from "./root";

function makeCheck(overrides: Partial<DocsCheck> = {}): DocsCheck {
  return {
    id: "missing-utm-source",
    title: "Campaign links without utm_source",
    severity: "critical",
    severityWhen: [],
    description: "Sessions carry a utm_medium or utm_campaign but no utm_source.",
    guide: {
      whyItMatters: "utm_source is the one parameter GA4 needs to attribute a tagged visit.",
      howToFix: "Add utm_source to every tagged link.",
      exampleWrong: "https://www.example.com/?utm_medium=email",
      exampleCorrect: "https://www.example.com/?utm_source=newsletter&utm_medium=email",
      ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
    },
    ...overrides,
  };
}

const signedOut = () => jsonResponse(200, null);

const docsRoutes = [
  { path: "/docs", element: <DocsRoute /> },
  { path: "/docs/connect", element: <DocsConnectRoute /> },
  { path: "/docs/score", element: <DocsScoreRoute /> },
  { path: "/docs/checks/:checkId", element: <DocsCheckRoute /> },
];

describe("/docs", () => {
  it("lists every check the API returns with its severity and a link to its page", async () => {
    const checks = [
      makeCheck(),
      makeCheck({
        id: "case-inconsistency",
        title: "Case inconsistency",
        severity: "warning",
        severityWhen: [{ severity: "critical", when: "on paid traffic" }],
      }),
      makeCheck({ id: "non-ascii-value", title: "Non-ASCII values", severity: "info" }),
    ];
    stubFetch({
      "GET /api/session": signedOut,
      "GET /api/docs/checks": () => jsonResponse(200, { checks }),
    });
    renderRoutes(docsRoutes, "/docs");

    const list = await screen.findByRole("list", { name: "Checks" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Campaign links without utm_sourceCritical",
      "Case inconsistencyWarning, or Critical",
      "Non-ASCII valuesInfo",
    ]);
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([
      "/docs/checks/missing-utm-source",
      "/docs/checks/case-inconsistency",
      "/docs/checks/non-ascii-value",
    ]);
    expect(screen.getByText(/Utmost runs 3 checks on every scan/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect a GA4 property" })).toBeTruthy();
  });
});

describe("/docs/checks/:checkId", () => {
  it("shows the check's resolution guide and its GA4 documentation link", async () => {
    const check = makeCheck();
    stubFetch({
      "GET /api/session": signedOut,
      "GET /api/docs/checks/missing-utm-source": () => jsonResponse(200, { check }),
    });
    renderRoutes(docsRoutes, "/docs/checks/missing-utm-source");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Campaign links without utm_source" }),
    ).toBeTruthy();
    expect(screen.getByText("Critical")).toBeTruthy();
    expect(screen.getByText(check.description)).toBeTruthy();
    expect(screen.getByText("Every finding of this check is critical.")).toBeTruthy();
    expect(screen.getByText(check.guide.whyItMatters)).toBeTruthy();
    expect(screen.getByText(check.guide.howToFix)).toBeTruthy();
    expect(screen.getByText(check.guide.exampleWrong)).toBeTruthy();
    expect(screen.getByText(check.guide.exampleCorrect)).toBeTruthy();
    expect(screen.getByRole("link", { name: /GA4 documentation/ }).getAttribute("href")).toBe(
      check.guide.ga4DocumentationUrl,
    );
  });

  it("names the browser tab after the check", async () => {
    stubFetch({
      "GET /api/session": signedOut,
      "GET /api/docs/checks/missing-utm-source": () => jsonResponse(200, { check: makeCheck() }),
    });
    const routes = [
      {
        element: <RootRoute />,
        children: [
          {
            path: "/docs/checks/:checkId",
            element: <DocsCheckRoute />,
            handle: { title: "Check reference" },
          },
        ],
      },
    ];
    renderRoutes(routes, "/docs/checks/missing-utm-source");
    await waitFor(() =>
      expect(document.title).toBe("Check reference - Campaign links without utm_source | Utmost"),
    );
  });

  it("says which findings take another severity than the default, as reports show them", async () => {
    const check = makeCheck({
      id: "missing-utm-campaign",
      severity: "warning",
      severityWhen: [{ severity: "critical", when: "the medium is one GA4's paid channels match" }],
    });
    stubFetch({
      "GET /api/session": signedOut,
      "GET /api/docs/checks/missing-utm-campaign": () => jsonResponse(200, { check }),
    });
    renderRoutes(docsRoutes, "/docs/checks/missing-utm-campaign");

    const rules = await screen.findByText(/Findings are warning unless the report says otherwise/);
    const list = within(rules.parentElement as HTMLElement).getByRole("list");
    expect(list.textContent).toBe("critical when the medium is one GA4's paid channels match");
  });

  it("says so for an unknown check", async () => {
    stubFetch({
      "GET /api/session": signedOut,
      "GET /api/docs/checks/no-such-check": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "No check has this id" } }),
    });
    renderRoutes(docsRoutes, "/docs/checks/no-such-check");

    expect(await screen.findByRole("heading", { level: 1, name: "Check not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See every check" }).getAttribute("href")).toBe(
      "/docs#checks",
    );
  });
});

describe("/docs/connect", () => {
  it("names the read-only Analytics scope and each plan's property limit", async () => {
    stubFetch({ "GET /api/session": signedOut });
    renderRoutes(docsRoutes, "/docs/connect");

    await screen.findByRole("heading", { level: 1, name: "Connect Google Analytics" });
    expect(screen.getByText("https://www.googleapis.com/auth/analytics.readonly")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reconnecting" })).toBeTruthy();
    const rows = within(screen.getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual(
      PLAN_LIST.map((plan) => [plan.name, `$${plan.priceUsd}`, String(plan.properties)]),
    );
    expect(rows).toEqual([
      ["Free", "$0", "1"],
      ["Pro", "$15", "1"],
      ["Team", "$49", "5"],
      ["Agency", "$199", "25"],
    ]);
  });
});

describe("/docs/score", () => {
  it("documents the engine's formula, its limits, grade bands and colours", async () => {
    stubFetch({ "GET /api/session": signedOut });
    renderRoutes(docsRoutes, "/docs/score");

    await screen.findByRole("heading", { level: 1, name: "Health score and grade" });
    for (const text of [
      "5 + 40 × √share",
      "1 + 10 × √share",
      "its severity's + 125 × share",
      "C(E) = 49 × (1 − e^(−E / 49))",
      "score = 100 − failed checks − ⌈C(E)⌉",
      "Fixing one problem raises the score.",
      "Never 0 while problems remain.",
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/holds the score at 84 or less/)).toBeTruthy();
    expect(screen.getByText(/more of sessions holds it at 79 or less/)).toBeTruthy();
    const examples = within(
      screen.getByRole("heading", { name: "Worked examples" }).parentElement as HTMLElement,
    )
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.children].slice(-2).map((cell) => cell.textContent));
    // The engine's score.test.ts pins the same scores.
    expect(examples).toEqual([
      ["100", "A+"],
      ["96", "A+"],
      ["90", "A"],
      ["84", "B"],
      ["79", "C"],
      ["69", "D"],
      ["97", "A+"],
      ["39", "F"],
      ["63", "D"],
      ["1", "F"],
    ]);
    const grades = within(
      screen.getByRole("heading", { name: "Grades" }).parentElement as HTMLElement,
    )
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(grades).toEqual([
      "A+95-100",
      "A90-94",
      "B+85-89",
      "B80-84",
      "C70-79",
      "D60-69",
      "Fbelow 60",
    ]);
    const colours = within(
      screen.getByRole("heading", { name: "Colours" }).parentElement as HTMLElement,
    ).getAllByRole("row");
    expect(colours.slice(1).map((row) => row.firstElementChild?.className)).toEqual([
      expect.stringContaining("text-success"),
      expect.stringContaining("text-accent"),
      expect.stringContaining("text-warning"),
      expect.stringContaining("text-destructive"),
    ]);
  });
});
