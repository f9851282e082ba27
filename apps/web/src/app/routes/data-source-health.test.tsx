import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type {
  DataSource,
  Issue,
  Scan,
  ScanCheck,
  SubscriptionTier,
  WorkspaceRole,
} from "@utmost/contracts";
import { planOf } from "@utmost/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  makeDataSource,
  makeIssue,
  makeRunningScan,
  makeScan,
  makeWorkspace,
} from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AppRoot } from "./app-root";
import { DataSourceHealthRoute } from "./data-source-health";
import { RootRoute } from "./root";

type Handlers = Parameters<typeof stubFetch>[0];

const report = makeScan({
  healthScore: 86,
  healthGrade: "A",
  criticalIssuesCount: 1,
  warningIssuesCount: 4,
  passedChecksCount: 12,
  rowsFetched: 48_210,
  apiCallsMade: 6,
  isChunkedScan: false,
  isComplete: true,
  quotaLimitHit: false,
  dateRangeStart: "2025-08-03",
  dateRangeEnd: "2025-10-31",
});

/** The counts model's numbers of `report` (as the server answers them). */
const REPORT_COUNTS = {
  critical: 1,
  warning: 4,
  info: 2,
  active: 7,
  reopened: 1,
  muted: 1,
  resolved: 0,
  passedChecks: 12,
  checksRun: 17,
  checksSkipped: 3,
  checksTotal: 20,
};

const PRO_SCHEDULE = {
  frequency: "daily",
  chosen: null,
  offered: ["daily", "weekly"],
  nextScanAt: "2025-11-04T14:32:00.000Z",
};

function property(overrides: Partial<DataSource> = {}): DataSource {
  return makeDataSource({
    name: "Acme Store",
    ga4PropertyId: "312456789",
    latestScan: report,
    ...overrides,
  });
}

/** Where the plan's history starts in these tests, as the server sends it. */
const WINDOW_START = "2025-10-04T12:00:00.000Z";

/** The history window of a plan (ADR 023), with or without older scans hidden. */
function historyOf(tier: SubscriptionTier, olderHidden: boolean) {
  const days = planOf(tier).historyDays;
  return { tier, days, startsAt: days === null ? null : WINDOW_START, olderHidden };
}

/** The page of `dataSource`, in a workspace whose owner is on `ownerTier` (Pro: CSV exports). */
function arrange(
  dataSource: DataSource,
  issues: Issue[] = [],
  extra: Handlers = {},
  ownerTier: SubscriptionTier = "pro",
) {
  const workspace = makeWorkspace({ id: dataSource.workspaceId, ownerTier });
  // The report's checks, read one scan at a time (none recorded unless a test says otherwise).
  const scanReads: Handlers = {};
  for (const scan of [report, dataSource.latestScan]) {
    if (scan)
      scanReads[`GET /api/scans/${scan.id}`] = () =>
        jsonResponse(200, { scan: { ...scan, checks: [], hiddenSessions: null } });
  }
  const fetchMock = stubFetch({
    ...scanReads,
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET /api/data-sources/${dataSource.id}`]: () => jsonResponse(200, { dataSource }),
    [`GET /api/data-sources/${dataSource.id}/issues`]: () => jsonResponse(200, { issues }),
    [`GET /api/data-sources/${dataSource.id}/issue-counts`]: () =>
      jsonResponse(200, { scanId: report.id, counts: REPORT_COUNTS }),
    [`GET /api/data-sources/${dataSource.id}/scan-schedule`]: () =>
      jsonResponse(200, { scanSchedule: PRO_SCHEDULE }),
    [`GET /api/data-sources/${dataSource.id}/trends`]: () =>
      jsonResponse(200, { points: [], changes: null }),
    [`GET /api/data-sources/${dataSource.id}/history-window`]: () =>
      jsonResponse(200, { history: historyOf(ownerTier, false) }),
    ...extra,
  });
  const rendered = renderRoutes(
    [{ path: "/data-sources/:id/health", element: <DataSourceHealthRoute /> }],
    `/data-sources/${dataSource.id}/health`,
  );
  return { fetchMock, ...rendered };
}

function issueCard(title: string): HTMLElement {
  return screen.getByRole("article", { name: title });
}

describe("/data-sources/:id/health", () => {
  it("waits for the property while it loads", () => {
    const dataSource = property();
    arrange(dataSource);
    expect(screen.getByText("Loading...")).toBeTruthy();
  });

  it("shows 'Analytics property not found' for a missing or foreign property", async () => {
    const id = crypto.randomUUID();
    stubFetch({
      [`GET /api/data-sources/${id}`]: () =>
        jsonResponse(404, {
          error: { code: "NOT_FOUND", message: "Analytics property not found" },
        }),
    });
    renderRoutes(
      [{ path: "/data-sources/:id/health", element: <DataSourceHealthRoute /> }],
      `/data-sources/${id}/health`,
    );

    expect(await screen.findByText("Analytics property not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it("offers the first audit when the property has none", async () => {
    const dataSource = property({ latestScan: null });
    arrange(dataSource);

    expect(await screen.findByText("No audit data yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run Audit Now" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run New Audit" })).toBeTruthy();
    expect(screen.queryByText("Issues Found")).toBeNull();
  });

  it("shows the property, its breadcrumb, the summary and the scan details", async () => {
    const dataSource = property();
    arrange(dataSource);

    const breadcrumb = await screen.findByRole("navigation", { name: "Breadcrumb" });
    // The page's own heading (the layout's) names the property: not repeated here.
    expect(within(breadcrumb).getByText("Health report")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Acme Store" })).toBeNull();
    expect(
      within(breadcrumb).getByRole("link", { name: "Analytics Properties" }).getAttribute("href"),
    ).toBe("/data-sources");
    expect(screen.getByText("Google Analytics 4")).toBeTruthy();
    expect(screen.getByText("312456789")).toBeTruthy();
    expect(screen.getByText("86").className).toContain("text-success");
    expect(screen.getByLabelText("Grade A").className).toContain("bg-success");
    expect(screen.getByText("Critical Issues")).toBeTruthy();
    expect(screen.getByText("48,210")).toBeTruthy();
    expect(screen.getByText("Full Range")).toBeTruthy();
    expect(screen.getByText("Completed")).toBeTruthy();
    expect(screen.getByText("Aug 3, 2025 – Oct 31, 2025")).toBeTruthy();
    expect(screen.queryByText("Partial")).toBeNull();
    expect(screen.queryByText("Quota Limit Hit")).toBeNull();
    expect(screen.queryByText("Auto-Chunking Enabled")).toBeNull();
  });

  it("marks a partial, chunked scan that hit the quota", async () => {
    const dataSource = property({
      latestScan: makeScan({
        isComplete: false,
        quotaLimitHit: true,
        isChunkedScan: true,
        chunkSizeDays: 3,
      }),
    });
    arrange(dataSource);

    expect(await screen.findByText("Partial")).toBeTruthy();
    expect(screen.getByText("Quota Limit Hit")).toBeTruthy();
    expect(screen.getByText("Auto-Chunking Enabled")).toBeTruthy();
    expect(screen.getByText("Chunked (3-day chunks)")).toBeTruthy();
  });

  it("marks a sampled, thresholded scan as such, never as completed", async () => {
    const dataSource = property({
      latestScan: makeScan({ isSampled: true, samplingRate: 0.2468, isThresholded: true }),
    });
    arrange(dataSource);

    expect(await screen.findByText("Sampled")).toBeTruthy();
    expect(screen.getByText("Thresholded")).toBeTruthy();
    expect(screen.queryByText("Completed")).toBeNull();
    expect(
      screen.getByText(
        "Google answered this scan from a sample of 24% of the property's events, so session counts are estimates.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Google withheld some rows to protect user privacy (data thresholds), so small values may be missing.",
      ),
    ).toBeTruthy();
  });

  it("shows a running audit's progress over the last completed report", async () => {
    const running = makeRunningScan({ progress: 20 });
    const dataSource = property({ latestScan: running });
    arrange(dataSource, [], {
      [`GET /api/data-sources/${dataSource.id}/scans`]: () =>
        jsonResponse(200, { scans: [running, report] }),
      [`GET /api/scans/${running.id}`]: () =>
        jsonResponse(200, { scan: { ...running, progress: 55 } }),
    });

    expect(await screen.findByText("55%")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Running Audit..." });
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByRole("progressbar", { name: "Audit progress" })).toBeTruthy();
    expect(await screen.findByText("86")).toBeTruthy();
  });

  it("runs a new audit and announces its result", async () => {
    const dataSource = property();
    const running = makeRunningScan({ dataSourceId: dataSource.id });
    const done = makeScan({ ...running, status: "completed", healthScore: 58, healthGrade: "C" });
    arrange(dataSource, [], {
      [`POST /api/data-sources/${dataSource.id}/audits`]: () =>
        jsonResponse(202, { scan: running }),
      [`GET /api/scans/${running.id}`]: () => jsonResponse(200, { scan: done }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Run New Audit" }));
    expect(await screen.findByText("Audit completed!")).toBeTruthy();
    expect(screen.getByText("Health score 58/100, grade C")).toBeTruthy();
  });

  it("says why starting an audit failed", async () => {
    const dataSource = property();
    arrange(dataSource, [], {
      [`POST /api/data-sources/${dataSource.id}/audits`]: () =>
        jsonResponse(409, { error: { code: "DATA_SOURCE_INACTIVE", message: "Reconnect first" } }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Run New Audit" }));
    expect(await screen.findByText("Failed to run audit: Reconnect first")).toBeTruthy();
  });

  it("shows the Authentication Expired alert with the scan's message and a reconnect", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const failed = makeScan({
      status: "failed",
      errorCode: "GOOGLE_AUTH_EXPIRED",
      errorMessage: "Google access for this property has expired. Please reconnect.",
      healthScore: null,
      healthGrade: null,
    });
    const dataSource = property({ latestScan: failed });
    const { fetchMock } = arrange(dataSource, [], {
      [`GET /api/data-sources/${dataSource.id}/scans`]: () =>
        jsonResponse(200, { scans: [failed, report] }),
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Authentication Expired")).toBeTruthy();
    expect(
      within(alert).getByText("Google access for this property has expired. Please reconnect."),
    ).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Reconnect Google Analytics" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example.test/consent"),
    );
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({
      workspaceId: dataSource.workspaceId,
      dataSourceId: dataSource.id,
    });
    expect(await screen.findByText("86")).toBeTruthy();
  });

  it("offers Reconnect, not Run Audit Now, when an expired authorization left no report", async () => {
    const failed = makeScan({
      status: "failed",
      errorCode: "GOOGLE_AUTH_EXPIRED",
      errorMessage: "Google access for this property has expired. Please reconnect.",
      healthScore: null,
      healthGrade: null,
    });
    const dataSource = property({ latestScan: failed });
    arrange(dataSource, [], {
      [`GET /api/data-sources/${dataSource.id}/scans`]: () =>
        jsonResponse(200, { scans: [failed] }),
    });

    expect(await screen.findByText("No audit data yet")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Reconnect Google Analytics" })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Run Audit Now" })).toBeNull();
  });

  it("titles the page with the property's name", async () => {
    const dataSource = property();
    stubFetch({
      "GET /api/session": () =>
        jsonResponse(200, {
          user: {
            id: "u1",
            fullName: "Ada Lovelace",
            email: "ada@example.com",
            createdAt: "2025-11-01T00:00:00.000Z",
          },
          isAdmin: false,
          onboardingCompleted: true,
          subscription: null,
        }),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
      [`GET /api/data-sources/${dataSource.id}`]: () => jsonResponse(200, { dataSource }),
      [`GET /api/data-sources/${dataSource.id}/issues`]: () => jsonResponse(200, { issues: [] }),
    });
    renderRoutes(
      [
        {
          element: <RootRoute />,
          children: [
            {
              element: <AppRoot />,
              children: [
                {
                  path: "/data-sources/:id/health",
                  element: <DataSourceHealthRoute />,
                  handle: {
                    title: "Health Report",
                    subtitle: "Detailed UTM tracking health analysis",
                  },
                },
              ],
            },
          ],
        },
      ],
      `/data-sources/${dataSource.id}/health`,
    );

    expect(await screen.findByRole("heading", { level: 1, name: "Acme Store" })).toBeTruthy();
    expect(screen.getByText("Detailed UTM tracking health analysis")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Health Report - Acme Store | Utmost"));
  });
});

describe("Checks", () => {
  const check = (overrides: Partial<ScanCheck> & Pick<ScanCheck, "id" | "title">): ScanCheck => ({
    severity: "warning",
    status: "passed",
    skippedReason: null,
    affectedSessions: 0,
    ...overrides,
  });
  const checks: ScanCheck[] = [
    check({
      id: "case-inconsistency",
      title: "Case inconsistency",
      status: "failed",
      affectedSessions: 1_204,
    }),
    check({ id: "placeholder-value", title: "Placeholder value" }),
    check({ id: "empty-utm-value", title: "Empty UTM value" }),
    check({
      id: "missing-utm-term",
      title: "Missing utm_term",
      status: "skipped",
      skippedReason: "needs sessionManualTerm",
    }),
    check({
      id: "new-values-since-last-scan",
      title: "New values since the last scan",
      status: "skipped",
      skippedReason: "no previous scan to compare with",
    }),
  ];

  it("counts the report's checks and says why each skipped one was skipped", async () => {
    const dataSource = property();
    arrange(dataSource, [], {
      [`GET /api/scans/${report.id}`]: () =>
        jsonResponse(200, { scan: { ...report, checks, hiddenSessions: null } }),
    });

    expect(await screen.findByText("5 checks: 2 passed, 1 failed, 2 skipped")).toBeTruthy();
    expect(screen.queryByText(/data deleted/)).toBeNull();
    const skipped = screen.getByRole("region", { name: "Skipped checks" });
    expect(within(skipped).getByText("Missing utm_term")).toBeTruthy();
    expect(
      within(skipped).getByText(
        "Skipped: the data has no utm_term (GA4 dimension sessionManualTerm).",
      ),
    ).toBeTruthy();
    expect(
      within(skipped).getByText(/^Skipped: there is no earlier audit to compare with/),
    ).toBeTruthy();
    expect(within(skipped).queryByText("Case inconsistency")).toBeNull();

    expect(screen.queryByRole("region", { name: "Passed checks" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show passed and failed checks" }));
    const failed = screen.getByRole("region", { name: "Failed checks" });
    expect(within(failed).getByText("Case inconsistency")).toBeTruthy();
    expect(within(failed).getByText("1,204 sessions")).toBeTruthy();
    const passed = screen.getByRole("region", { name: "Passed checks" });
    expect(
      within(passed)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Placeholder value", "Empty UTM value"]);
  });

  it("says how many sessions GA4 hid, as context rather than a problem", async () => {
    const dataSource = property();
    arrange(dataSource, [], {
      [`GET /api/scans/${report.id}`]: () =>
        jsonResponse(200, {
          scan: { ...report, checks, hiddenSessions: { dataDeleted: 1_250, rowLimit: 40 } },
        }),
    });

    expect(
      await screen.findByText(/^1,250 sessions read "\(data deleted\)": a data-deletion request/),
    ).toBeTruthy();
    expect(screen.getByText(/no check counts them as a problem/)).toBeTruthy();
    expect(screen.getByText(/^40 sessions fell into GA4's "\(other\)" row/)).toBeTruthy();
  });

  it("says so when the audit recorded no checks", async () => {
    arrange(property());

    expect(await screen.findByText("This audit did not record its checks.")).toBeTruthy();
  });
});

describe("Issues Found", () => {
  const dataSource = property();
  const critical = makeIssue({
    dataSourceId: dataSource.id,
    title: "Internal links carry UTM parameters",
    description: "Links between your own pages restart the session's attribution.",
    issueType: "internal-utm",
    severity: "critical",
    affectedSessionsCount: 2_480,
    firstDetectedAt: "2025-10-12T08:00:00.000Z",
    values: ["utm_source=homepage-banner"],
    alsoFound: [
      { issueType: "self-referral", title: "Your own host appears as a referral source" },
    ],
  });
  const resolved = makeIssue({
    dataSourceId: dataSource.id,
    title: "Missing utm_source",
    severity: "info",
    status: "resolved",
    resolvedAt: "2025-10-30T08:00:00.000Z",
  });

  it("lists each issue with its facts and its guide behind a toggle", async () => {
    const { fetchMock } = arrange(dataSource, [critical, resolved]);

    const card = within(await screen.findByRole("article", { name: critical.title }));
    expect(card.getByText("Critical")).toBeTruthy();
    expect(card.getByText("Active")).toBeTruthy();
    expect(card.getByText(critical.description)).toBeTruthy();
    expect(card.getByText("internal-utm")).toBeTruthy();
    expect(card.getByText("2,480")).toBeTruthy();
    expect(card.getByText("Oct 12, 2025")).toBeTruthy();
    expect(card.getByRole("button", { name: "Resolve" })).toBeTruthy();
    expect(card.getByRole("button", { name: "Mute" })).toBeTruthy();

    expect(card.getByText("utm_source=homepage-banner")).toBeTruthy();
    // One problem found by two checks is one issue that gives both reasons.
    expect(card.getByText(/Also found by another check on the same sessions/)).toBeTruthy();
    expect(card.getByText("Your own host appears as a referral source")).toBeTruthy();
    expect(card.getByText("(self-referral)")).toBeTruthy();

    expect(card.queryByText(critical.resolutionGuide.whyItMatters)).toBeNull();
    fireEvent.click(card.getByRole("button", { name: "Show Resolution Guide" }));
    expect(card.getByText(critical.resolutionGuide.whyItMatters)).toBeTruthy();
    expect(card.getByText(critical.resolutionGuide.howToFix)).toBeTruthy();
    expect(card.getByText(critical.resolutionGuide.exampleWrong)).toBeTruthy();
    expect(card.getByText(critical.resolutionGuide.exampleCorrect)).toBeTruthy();
    expect(card.getByRole("link", { name: /GA4 documentation/ }).getAttribute("href")).toBe(
      critical.resolutionGuide.ga4DocumentationUrl,
    );
    fireEvent.click(card.getByRole("button", { name: "Hide Details" }));
    expect(card.getByRole("button", { name: "Show Resolution Guide" })).toBeTruthy();

    // Resolved issues are under their own status.
    expect(screen.queryByRole("article", { name: resolved.title })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Resolved (1)" }));
    const done = within(issueCard(resolved.title));
    expect(done.getByText("Info")).toBeTruthy();
    expect(done.getByText("Resolved")).toBeTruthy();
    expect(done.queryByRole("button", { name: "Resolve" })).toBeNull();
    expect(done.queryByRole("button", { name: "Mute" })).toBeNull();
    expect(done.getByRole("button", { name: "Reopen" })).toBeTruthy();

    const issuesCall = fetchMock.mock.calls.find(([input]) => String(input).includes("/issues"));
    expect(String(issuesCall?.[0])).toBe(
      `/api/data-sources/${dataSource.id}/issues?days=7&includeMuted=true`,
    );
  });

  it("mutes an issue only once a reason is given", async () => {
    let muteBody: unknown;
    arrange(dataSource, [critical], {
      [`POST /api/issues/${critical.id}/mute`]: ({ body }) => {
        muteBody = body;
        return jsonResponse(200, {
          issue: { ...critical, status: "muted", muteReason: "Test campaigns" },
        });
      },
    });

    const card = within(await screen.findByRole("article", { name: critical.title }));
    fireEvent.click(card.getByRole("button", { name: "Mute" }));
    const dialog = within(await screen.findByRole("dialog"));
    const confirm = dialog.getByRole("button", { name: "Mute Issue" });
    expect(confirm).toHaveProperty("disabled", true);

    fireEvent.change(dialog.getByRole("textbox", { name: "Reason" }), {
      target: { value: "   " },
    });
    expect(confirm).toHaveProperty("disabled", true);
    fireEvent.change(dialog.getByRole("textbox", { name: "Reason" }), {
      target: { value: "Test campaigns" },
    });
    expect(confirm).toHaveProperty("disabled", false);
    fireEvent.click(confirm);

    expect(await screen.findByText("Issue muted")).toBeTruthy();
    expect(screen.getByText("This issue will no longer appear in reports.")).toBeTruthy();
    expect(muteBody).toEqual({ reason: "Test campaigns" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says so when muting fails", async () => {
    arrange(dataSource, [critical], {
      [`POST /api/issues/${critical.id}/mute`]: () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Issue not found" } }),
    });

    const card = within(await screen.findByRole("article", { name: critical.title }));
    fireEvent.click(card.getByRole("button", { name: "Mute" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Reason" }), {
      target: { value: "Duplicate" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Mute Issue" }));
    expect(await screen.findByText("Failed to mute issue")).toBeTruthy();
  });

  it("resolves an issue", async () => {
    const fetchMock = arrange(dataSource, [critical], {
      [`POST /api/issues/${critical.id}/resolve`]: () =>
        jsonResponse(200, {
          issue: { ...critical, status: "resolved", resolvedAt: "2025-11-02T08:00:00.000Z" },
        }),
    }).fetchMock;

    const card = within(await screen.findByRole("article", { name: critical.title }));
    fireEvent.click(card.getByRole("button", { name: "Resolve" }));

    expect(await screen.findByText("Issue resolved")).toBeTruthy();
    const resolveCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith("/resolve"),
    );
    expect(resolveCalls).toHaveLength(1);
  });

  it("says so when resolving fails", async () => {
    arrange(dataSource, [critical], {
      [`POST /api/issues/${critical.id}/resolve`]: () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Try again" } }),
    });

    fireEvent.click(
      within(await screen.findByRole("article", { name: critical.title })).getByRole("button", {
        name: "Resolve",
      }),
    );
    expect(await screen.findByText("Failed to resolve issue")).toBeTruthy();
  });

  it("reads the issues of the chosen date range", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { fetchMock } = arrange(dataSource, [critical]);
    await screen.findByRole("article", { name: critical.title });

    const select = screen.getByRole("combobox", { name: "Date range" });
    expect(select.textContent).toContain("Last 7 days");
    fireEvent.keyDown(select, { key: "Enter" });
    fireEvent.keyDown(await screen.findByRole("option", { name: "All time" }), { key: "Enter" });

    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        `/api/data-sources/${dataSource.id}/issues?includeMuted=true`,
      ),
    );
    expect(screen.getByRole("combobox", { name: "Date range" }).textContent).toContain("All time");
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  describe("CSV export", () => {
    const clicked: { href: string; download: string }[] = [];

    beforeEach(() => {
      clicked.length = 0;
      Object.defineProperty(URL, "createObjectURL", {
        configurable: true,
        value: vi.fn(() => "blob:http://localhost/csv"),
      });
      Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });

    /** The button, once the plan of the workspace's owner is known to have exports. */
    function enabled(scope: Pick<typeof screen, "getByRole">, name: string) {
      return waitFor(() => {
        const button = scope.getByRole("button", { name });
        expect(button).toHaveProperty("disabled", false);
        return button;
      });
    }

    const csv = (filename: string) =>
      new Response("issue_type,value\ninternal-utm,homepage-banner\n", {
        status: 200,
        headers: {
          "Content-Type": "text/csv",
          "Content-Disposition": `attachment; filename="${filename}"`,
        },
      });

    it("downloads the audit's CSV for the range under the server's file name", async () => {
      const { fetchMock } = arrange(dataSource, [critical], {
        [`GET /api/scans/${report.id}/export.csv`]: () => csv("acme-store-audit.csv"),
      });
      await screen.findByRole("article", { name: critical.title });

      fireEvent.click(await enabled(screen, "Export CSV"));

      expect(await screen.findByText("CSV exported successfully")).toBeTruthy();
      expect(clicked).toEqual([
        { href: "blob:http://localhost/csv", download: "acme-store-audit.csv" },
      ]);
      const exportCall = fetchMock.mock.calls.find(([input]) =>
        String(input).includes("export.csv"),
      );
      expect(String(exportCall?.[0])).toBe(`/api/scans/${report.id}/export.csv?days=7`);
    });

    it("downloads one issue's CSV", async () => {
      arrange(dataSource, [critical], {
        [`GET /api/issues/${critical.id}/export.csv`]: () => csv("internal-utm.csv"),
      });

      const card = within(await screen.findByRole("article", { name: critical.title }));
      fireEvent.click(await enabled(card, "Export issue CSV"));

      expect(await screen.findByText("Issue CSV exported successfully")).toBeTruthy();
      expect(clicked.map((link) => link.download)).toEqual(["internal-utm.csv"]);
    });

    it("says why an export failed", async () => {
      // The owner's plan changed since the page loaded: the server's word counts.
      const message = "CSV exports are part of the Pro plan and above. Upgrade to export.";
      arrange(dataSource, [critical], {
        [`GET /api/scans/${report.id}/export.csv`]: () =>
          jsonResponse(403, { error: { code: "PLAN_UPGRADE_REQUIRED", message } }),
      });
      await screen.findByRole("article", { name: critical.title });

      fireEvent.click(await enabled(screen, "Export CSV"));
      expect(await screen.findByText(`Failed to export CSV: ${message}`)).toBeTruthy();
      expect(clicked).toEqual([]);
    });

    it("points a workspace on Free to billing and keeps both exports off", async () => {
      const { fetchMock } = arrange(dataSource, [critical], {}, "free");
      const card = within(await screen.findByRole("article", { name: critical.title }));

      expect(
        await screen.findByText("CSV exports are part of the Pro plan and above."),
      ).toBeTruthy();
      // The PDF report card points to billing too (white-label reports are Agency's).
      for (const link of screen.getAllByRole("link", { name: "Upgrade your plan" })) {
        expect(link.getAttribute("href")).toBe("/settings/billing");
      }
      expect(screen.getByRole("button", { name: "Export CSV" })).toHaveProperty("disabled", true);
      expect(card.getByRole("button", { name: "Export issue CSV" })).toHaveProperty(
        "disabled",
        true,
      );
      expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
        expect.stringContaining("export.csv"),
      );
    });
  });

  describe("automated scans", () => {
    it("shows the cadence and the next scan, and lets a paid plan choose weekly", async () => {
      const dataSource = property();
      Element.prototype.scrollIntoView = vi.fn();
      const { fetchMock } = arrange(dataSource, [], {
        [`PUT /api/data-sources/${dataSource.id}/scan-schedule`]: ({ body }) => {
          const { frequency } = body as { frequency: string };
          return jsonResponse(200, {
            scanSchedule: { ...PRO_SCHEDULE, frequency, chosen: frequency },
          });
        },
      });
      const select = await screen.findByRole("combobox", { name: "Automated scans" });
      expect(select.textContent).toContain("Daily");
      expect(screen.getByText(/^next /)).toBeTruthy();

      fireEvent.keyDown(select, { key: "Enter" });
      fireEvent.keyDown(await screen.findByRole("option", { name: "Weekly" }), { key: "Enter" });

      expect(await screen.findByText("Scan schedule updated")).toBeTruthy();
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ frequency: "weekly" });
      expect(screen.getByRole("combobox", { name: "Automated scans" }).textContent).toContain(
        "Weekly",
      );
      Reflect.deleteProperty(Element.prototype, "scrollIntoView");
    });

    it("shows Free's monthly cadence without a choice, and a paused one", async () => {
      const dataSource = property();
      arrange(dataSource, [], {
        [`GET /api/data-sources/${dataSource.id}/scan-schedule`]: () =>
          jsonResponse(200, {
            scanSchedule: {
              frequency: "monthly",
              chosen: null,
              offered: ["monthly"],
              nextScanAt: null,
            },
          }),
      });
      expect(await screen.findByText("Monthly")).toBeTruthy();
      expect(screen.getByText("paused until reconnected")).toBeTruthy();
      expect(screen.queryByRole("combobox", { name: "Automated scans" })).toBeNull();
    });
  });
});

describe("Score over time", () => {
  function trendPoint(scan: Scan) {
    return {
      scanId: scan.id,
      completedAt: scan.completedAt ?? scan.createdAt,
      healthScore: scan.healthScore,
      healthGrade: scan.healthGrade,
      criticalIssuesCount: scan.criticalIssuesCount,
      warningIssuesCount: scan.warningIssuesCount,
      issuesFound: scan.criticalIssuesCount + scan.warningIssuesCount,
    };
  }

  it("waits for a second scan, then draws both and says what changed, once the audit completes", async () => {
    const dataSource = property();
    const running = makeRunningScan({ dataSourceId: dataSource.id });
    const done = makeScan({
      ...running,
      status: "completed",
      healthScore: 91,
      healthGrade: "A+",
      completedAt: "2025-11-09T10:00:00.000Z",
    });
    let scans = [report];
    arrange(dataSource, [], {
      [`POST /api/data-sources/${dataSource.id}/audits`]: () => {
        scans = [report, done];
        return jsonResponse(202, { scan: running });
      },
      [`GET /api/scans/${running.id}`]: () => jsonResponse(200, { scan: done }),
      [`GET /api/data-sources/${dataSource.id}/trends`]: () =>
        jsonResponse(200, {
          points: scans.map(trendPoint),
          changes:
            scans.length < 2
              ? null
              : {
                  latestScanId: done.id,
                  previousScanId: report.id,
                  scoreChange: 5,
                  newCount: 0,
                  fixedCount: 1,
                  reopenedCount: 0,
                  new: [],
                  fixed: [
                    {
                      issueId: crypto.randomUUID(),
                      title: "Spaces in utm_source",
                      issueType: "whitespace-in-value",
                      severity: "warning",
                      affectedSessionsCount: 340,
                    },
                  ],
                  reopened: [],
                },
        }),
    });

    expect(await screen.findByText(/The chart appears after the second scan\./)).toBeTruthy();
    expect(screen.getByText(/This is the property's first completed audit/)).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Run New Audit" }));
    const chart = await screen.findByRole("img", { name: /^Health score over 2 scans/ });
    expect(chart.querySelectorAll("circle")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Since the previous scan" })).toBeTruthy();
    expect(screen.getByText("Score up 5 points")).toBeTruthy();
    expect(screen.getByText("Spaces in utm_source")).toBeTruthy();
  });
});

describe("The issue list built for work (issue 22)", () => {
  const dataSource = property();
  const issue = (overrides: Partial<Issue>) =>
    makeIssue({ dataSourceId: dataSource.id, ...overrides });
  const broken = issue({ title: "Broken campaign", severity: "critical", issueType: "a-check" });
  const typo = issue({
    title: "Source typo",
    severity: "warning",
    issueType: "b-check",
    values: ["facebok"],
    reopened: true,
  });
  const muted = issue({
    title: "Muted one",
    status: "muted",
    mutedAt: "2025-10-30T08:00:00.000Z",
    muteReason: "Test traffic",
  });

  it("shows the model's counts with their definition one click away", async () => {
    arrange(dataSource, [broken]);

    expect(
      await screen.findByText(/^12 of 17 checks that ran passed; 3 of 20 skipped/),
    ).toBeTruthy();
    expect(screen.getByText("Also: 2 info, 1 re-opened, 1 muted, 0 resolved.")).toBeTruthy();
    fireEvent.click(
      screen.getAllByRole("button", { name: "How are these counted?" })[0] as HTMLElement,
    );
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("How these numbers are counted")).toBeTruthy();
    expect(dialog.getByText(/A resolved issue that the next audit finds again/)).toBeTruthy();
  });

  it("filters by severity, check and text, counts each choice, and says when nothing matches", async () => {
    arrange(dataSource, [broken, typo, muted]);
    await screen.findByRole("article", { name: broken.title });
    expect(within(issueCard(typo.title)).getByText("Re-opened")).toBeTruthy();

    const severity = screen.getByRole("combobox", { name: "Severity" });
    expect(within(severity).getByRole("option", { name: "Critical (1)" })).toBeTruthy();
    fireEvent.change(severity, { target: { value: "warning" } });
    expect(screen.queryByRole("article", { name: broken.title })).toBeNull();
    expect(screen.getByRole("article", { name: typo.title })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search issues" }), {
      target: { value: "nothing like it" },
    });
    expect(screen.getByText("No issues match these filters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getAllByRole("article")).toHaveLength(2);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search issues" }), {
      target: { value: "FACEBOK" },
    });
    expect(
      screen.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby")),
    ).toHaveLength(1);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search issues" }), {
      target: { value: "" },
    });

    fireEvent.change(screen.getByRole("combobox", { name: "Check" }), {
      target: { value: "a-check" },
    });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    fireEvent.change(screen.getByRole("combobox", { name: "Check" }), {
      target: { value: "all" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Group by check" }));
    expect(screen.getByRole("region", { name: "a-check issues" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "b-check issues" })).toBeTruthy();
  });

  it("tells the truth when only muted issues remain, and unmutes one", async () => {
    let unmuted = false;
    arrange(dataSource, [muted], {
      [`POST /api/issues/${muted.id}/unmute`]: () => {
        unmuted = true;
        return jsonResponse(200, { issue: { ...muted, status: "active", mutedAt: null } });
      },
    });

    expect(await screen.findByText("No active issues; 1 muted")).toBeTruthy();
    expect(
      screen.queryByText("No UTM tracking issues were detected in this date range."),
    ).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show muted" }));
    const card = within(issueCard(muted.title));
    expect(card.getByText("Muted")).toBeTruthy();
    expect(card.getByText(/Test traffic/)).toBeTruthy();
    fireEvent.click(card.getByRole("button", { name: "Unmute" }));

    expect(await screen.findByText("Issue unmuted")).toBeTruthy();
    expect(unmuted).toBe(true);
  });

  it("moves between issues with j and k, but not while typing in the search", async () => {
    arrange(dataSource, [broken, typo]);
    await screen.findByRole("article", { name: broken.title });
    Element.prototype.scrollIntoView = vi.fn();

    fireEvent.keyDown(document.body, { key: "j" });
    expect(document.activeElement).toBe(issueCard(broken.title));
    fireEvent.keyDown(document.activeElement as Element, { key: "j" });
    expect(document.activeElement).toBe(issueCard(typo.title));
    fireEvent.keyDown(document.activeElement as Element, { key: "k" });
    expect(document.activeElement).toBe(issueCard(broken.title));

    const search = screen.getByRole("searchbox", { name: "Search issues" });
    fireEvent.keyDown(document.activeElement as Element, { key: "/" });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: "j" });
    expect(document.activeElement).toBe(search);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });
});

describe("A failed payment (issue 23)", () => {
  const grace = {
    tier: "advanced" as const,
    failedAt: "2025-12-01T12:00:00.000Z",
    endsAt: "2025-12-08T12:00:00.000Z",
  };

  /** The page in a Team workspace whose owner's payment failed, seen by `role`. */
  function arrangeFailing(role: WorkspaceRole) {
    const dataSource = property();
    const workspace = makeWorkspace({
      id: dataSource.workspaceId,
      role,
      ownerTier: "advanced",
      ownerPaymentGrace: grace,
    });
    return arrange(dataSource, [], {
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    });
  }

  it("tells the owner when the plan ends and where to update the card", async () => {
    arrangeFailing("owner");

    const banner = await screen.findByRole("alert");
    expect(banner.querySelector("h4")?.textContent).toBe("Payment failed");
    expect(banner.querySelector("p")?.textContent).toBe(
      "Your payment failed on Dec 1, 2025. Your Team plan ends on Dec 8, 2025 unless the payment goes through. Until then everything in your plan keeps working; after it the account moves to the Free plan, and properties over its limit are kept but paused.",
    );
    const link = within(banner).getByRole("link", { name: "Update payment method" });
    expect(link.getAttribute("href")).toBe("/settings/billing");
  });

  it("tells a member the workspace's plan ends, without a payment link", async () => {
    arrangeFailing("member");

    const banner = await screen.findByRole("alert");
    expect(banner.querySelector("p")?.textContent).toBe(
      "The workspace owner's payment failed on Dec 1, 2025. This workspace's Team plan ends on Dec 8, 2025 unless the payment goes through; after it the workspace moves to the Free plan.",
    );
    expect(within(banner).queryByRole("link")).toBeNull();
  });

  it("shows no banner while payments go through", async () => {
    const dataSource = property();
    arrange(dataSource, [makeIssue({ dataSourceId: dataSource.id })]);
    // Export CSV is on once the owner's plan (Pro) is known: the workspace has loaded.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Export CSV" })).toHaveProperty("disabled", false),
    );
    expect(screen.queryByText("Payment failed")).toBeNull();
  });
});

describe("History by plan (issue 23)", () => {
  const PRO_NOTE =
    "Your Pro plan keeps 30 days of history, since Oct 4, 2025. Upgrade to see older scans.";

  /** The page on `tier`, seen by `role`, with older scans hidden or not. */
  function arrangeWindow(
    tier: SubscriptionTier,
    olderHidden: boolean,
    role: WorkspaceRole = "owner",
  ) {
    const dataSource = property();
    const workspace = makeWorkspace({ id: dataSource.workspaceId, role, ownerTier: tier });
    return arrange(dataSource, [], {
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
      [`GET /api/data-sources/${dataSource.id}/history-window`]: () =>
        jsonResponse(200, { history: historyOf(tier, olderHidden) }),
    });
  }

  const notes = () => screen.queryAllByText(/days of history, since/);

  async function chooseRange(label: string) {
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Date range" }), { key: "Enter" });
    fireEvent.keyDown(await screen.findByRole("option", { name: label }), { key: "Enter" });
  }

  it("says where a Pro plan's history ends under the date range, the chart and the changes when older scans are hidden", async () => {
    arrangeWindow("pro", true);

    await waitFor(() => expect(notes()).toHaveLength(3));
    for (const note of notes()) {
      expect(note.textContent).toBe(PRO_NOTE);
      const link = within(note).getByRole("link", { name: "Upgrade to see older scans." });
      expect(link.getAttribute("href")).toBe("/settings/billing");
    }
    const issuesCard = screen.getByText("Issues Found").closest(".rounded-xl");
    expect(issuesCard?.textContent).toContain(PRO_NOTE);
    const trendCard = screen.getByText("Score over time").closest(".rounded-xl");
    expect(trendCard?.textContent).toContain(PRO_NOTE);
    expect(
      screen.getByText(/The scan before this one is older than the plan's history/),
    ).toBeTruthy();
  });

  it("says nothing while the range stays inside the window, and explains a range that reaches past it", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    arrangeWindow("pro", false);
    await screen.findByText("Score over time");
    expect(notes()).toHaveLength(0);
    expect(screen.getByText(/This is the property's first completed audit/)).toBeTruthy();

    await chooseRange("Last 30 days");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Date range" }).textContent).toContain(
        "Last 30 days",
      ),
    );
    expect(notes()).toHaveLength(0);

    await chooseRange("Last 90 days");
    await waitFor(() => expect(notes()).toHaveLength(1));
    expect(notes()[0]?.textContent).toBe(PRO_NOTE);

    await chooseRange("All time");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Date range" }).textContent).toContain(
        "All time",
      ),
    );
    expect(notes()).toHaveLength(1);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("keeps the spec's four date ranges on every plan", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    arrangeWindow("free", true);
    await screen.findByText("Score over time");
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Date range" }), { key: "Enter" });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Last 7 days",
      "Last 30 days",
      "Last 90 days",
      "All time",
    ]);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("says nothing on Agency, which keeps every scan", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { fetchMock } = arrangeWindow("agency", false);
    await screen.findByText("Score over time");
    // The window has been read, so no note is still to come.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).endsWith("/history-window")),
      ).toBe(true),
    );
    await chooseRange("All time");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Date range" }).textContent).toContain(
        "All time",
      ),
    );
    expect(notes()).toHaveLength(0);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("tells a member whose owner's plan it is, without an upgrade link", async () => {
    arrangeWindow("pro", true, "member");

    await waitFor(() => expect(notes()).toHaveLength(3));
    expect(notes()[0]?.textContent).toBe(
      "The workspace owner's Pro plan keeps 30 days of history, since Oct 4, 2025. Older scans are kept and show again when the owner upgrades.",
    );
    expect(screen.queryByRole("link", { name: "Upgrade to see older scans." })).toBeNull();
  });
});
