import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { DataSource } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { isOnboardingConnect } from "@/lib/storage";
import { makeDataSource, makeRunningScan, makeScan, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { toastOf } from "@/testing/toasts";
import { OnboardingRoute } from "./onboarding";

type Handlers = Parameters<typeof stubFetch>[0];

const workspace = makeWorkspace();

const me = {
  user: {
    id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin: false,
  onboardingCompleted: true,
  subscription: null,
};

function arrange(path: string, dataSources: DataSource[], extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET /api/workspaces/${workspace.id}/data-sources`]: () => jsonResponse(200, { dataSources }),
    ...extra,
  });
  const rendered = renderRoutes(
    [
      { path: "/onboarding", element: <OnboardingRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
    ],
    path,
  );
  return { fetchMock, ...rendered };
}

/** Answers each read of a scan with the next state in `states`, then keeps the last. */
function sequence(states: unknown[]) {
  let index = 0;
  return () => jsonResponse(200, { scan: states[Math.min(index++, states.length - 1)] });
}

describe("/onboarding", () => {
  it("connects a property from the welcome step and remembers to come back", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { fetchMock } = arrange("/onboarding", [], {
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });

    expect(await screen.findByText("Welcome to Utmost")).toBeTruthy();
    expect(screen.queryByText(/Step \d of 3/)).toBeNull();
    const authorize = screen.getByRole("button", { name: "Authorize Google Analytics" });
    await waitFor(() => expect(authorize).toHaveProperty("disabled", false));
    fireEvent.click(authorize);

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example.test/consent"),
    );
    expect(isOnboardingConnect()).toBe(true);
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({ workspaceId: workspace.id });
  });

  it("shows the spec's limit toast when the plan has no room for the property", async () => {
    arrange("/onboarding", [], {
      "POST /api/oauth/google/init": () =>
        jsonResponse(403, {
          error: { code: "DATA_SOURCE_LIMIT_REACHED", message: "Analytics property limit reached" },
        }),
    });

    const authorize = await screen.findByRole("button", { name: "Authorize Google Analytics" });
    await waitFor(() => expect(authorize).toHaveProperty("disabled", false));
    fireEvent.click(authorize);

    expect(
      toastOf(await screen.findByText("Please upgrade your plan to add more analytics properties")),
    ).toEqual({
      title: "Analytics property limit reached",
      description: "Please upgrade your plan to add more analytics properties",
      type: "error",
    });
    expect(screen.queryByText(/Failed to start connection/)).toBeNull();
    expect(isOnboardingConnect()).toBe(false);
  });

  it("follows the audit saving started, then praises an excellent score", async () => {
    const running = makeRunningScan({ progress: 30, scanType: "connect" });
    const dataSource = makeDataSource({ workspaceId: workspace.id, latestScan: running });
    const { router } = arrange("/onboarding?step=scan", [dataSource], {
      [`GET /api/scans/${running.id}`]: sequence([
        { ...running, progress: 70 },
        makeScan({
          ...running,
          status: "completed",
          progress: 100,
          healthScore: 95,
          healthGrade: "A+",
        }),
      ]),
    });

    expect(await screen.findByText("Step 2 of 3")).toBeTruthy();
    expect(await screen.findByText("70%")).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: "Audit progress" }).getAttribute("aria-valuenow"),
    ).toBe("70");
    expect(await screen.findByText("Audit Complete!", undefined, { timeout: 3000 })).toBeTruthy();
    // Spec §8: onboarding's success toast; the step itself shows the score.
    expect(toastOf(await screen.findByText("Audit completed successfully!")).type).toBe("success");
    expect(screen.queryByText("Audit completed!")).toBeNull();
    // A finished audit leaves nothing to skip.
    expect(screen.queryByRole("button", { name: "Skip" })).toBeNull();
    expect(screen.getByText("100%")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Excellent Work!")).toBeTruthy();
    expect(screen.getByText("Step 3 of 3")).toBeTruthy();
    expect(screen.getByText("Your UTM health score is 95/100.")).toBeTruthy();
  });

  it("starts an onboarding audit from idle and shows 'Good Start!' for a fair score", async () => {
    const dataSource = makeDataSource({ workspaceId: workspace.id, latestScan: null });
    const running = makeRunningScan({
      dataSourceId: dataSource.id,
      progress: 0,
      scanType: "onboarding",
    });
    let startBody: unknown;
    arrange("/onboarding?step=scan", [dataSource], {
      [`POST /api/data-sources/${dataSource.id}/audits`]: ({ body }) => {
        startBody = body;
        return jsonResponse(202, { scan: running });
      },
      [`GET /api/scans/${running.id}`]: sequence([
        makeScan({
          ...running,
          status: "completed",
          progress: 100,
          healthScore: 75,
          healthGrade: "B",
        }),
      ]),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Start Audit" }));
    expect(await screen.findByText("Audit Complete!", undefined, { timeout: 3000 })).toBeTruthy();
    expect(startBody).toEqual({ scanType: "onboarding" });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Good Start!")).toBeTruthy();
  });

  it("goes back to idle when the audit fails", async () => {
    const running = makeRunningScan({ progress: 40 });
    const dataSource = makeDataSource({ workspaceId: workspace.id, latestScan: running });
    arrange("/onboarding?step=scan", [dataSource], {
      [`GET /api/scans/${running.id}`]: sequence([
        { ...running, progress: 50 },
        makeScan({
          ...running,
          status: "failed",
          healthScore: null,
          healthGrade: null,
          errorMessage: "Google Analytics quota exhausted",
        }),
      ]),
    });

    expect(await screen.findByText("50%")).toBeTruthy();
    expect(await screen.findByText("Audit failed", undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("Google Analytics quota exhausted")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start Audit" })).toBeTruthy();
    expect(
      screen.getByText("The last audit failed: Google Analytics quota exhausted"),
    ).toBeTruthy();
  });

  it("announces a failure the first read finds, since the property showed it running", async () => {
    const running = makeRunningScan({ progress: 10, scanType: "connect" });
    const dataSource = makeDataSource({ workspaceId: workspace.id, latestScan: running });
    arrange("/onboarding?step=scan", [dataSource], {
      [`GET /api/scans/${running.id}`]: sequence([
        makeScan({
          ...running,
          status: "failed",
          healthScore: null,
          healthGrade: null,
          errorCode: "GOOGLE_AUTH_EXPIRED",
          errorMessage: "Google authorization expired",
        }),
      ]),
    });

    expect(await screen.findByText("Audit failed")).toBeTruthy();
    expect(
      await screen.findByText("The last audit failed: Google authorization expired"),
    ).toBeTruthy();
  });

  it("stays on Welcome and says why when Next is pressed with nothing connected", async () => {
    arrange("/onboarding", []);

    const next = await screen.findByRole("button", { name: "Next" });
    await waitFor(() => expect(next).toHaveProperty("disabled", false));
    fireEvent.click(next);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please connect at least one Analytics Property to continue",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText("Step 2 of 3")).toBeNull();
    expect(screen.getByRole("heading", { name: "Welcome to Utmost" })).toBeTruthy();
  });

  it("never reaches Complete without an audit: the scan step asks for a property", async () => {
    arrange("/onboarding?step=scan", []);

    expect(await screen.findByText("Please connect a data source first")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(screen.getByText("Step 2 of 3")).toBeTruthy();
    expect(screen.queryByText("Step 3 of 3")).toBeNull();
    expect(screen.queryByText("You're all set")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Connect a property" }));
    expect(await screen.findByRole("button", { name: "Authorize Google Analytics" })).toBeTruthy();
  });

  it("finishes onboarding when skipped and goes to the dashboard", async () => {
    const { fetchMock, router } = arrange("/onboarding", [], {
      "POST /api/me/onboarding/complete": () => new Response(null, { status: 204 }),
      "GET /api/session": () => jsonResponse(200, me),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Skip" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(
      fetchMock.mock.calls.some(([input]) => String(input) === "/api/me/onboarding/complete"),
    ).toBe(true);
  });
});
