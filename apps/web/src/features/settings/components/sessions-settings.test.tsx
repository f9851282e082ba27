import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SignInSession } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { SessionsSettings } from "./sessions-settings";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

// Noon UTC: the same calendar day wherever the tests run.
function makeSession(overrides: Partial<SignInSession> = {}): SignInSession {
  return {
    id: crypto.randomUUID(),
    current: false,
    createdAt: "2026-11-20T12:00:00.000Z",
    lastActiveAt: "2026-11-26T12:00:00.000Z",
    expiresAt: "2026-12-26T12:00:00.000Z",
    ipAddress: null,
    userAgent: null,
    ...overrides,
  };
}

const thisBrowser = makeSession({
  current: true,
  createdAt: "2026-11-25T12:00:00.000Z",
  lastActiveAt: "2026-11-27T12:00:00.000Z",
  ipAddress: "203.0.113.7",
  userAgent: CHROME_MAC,
});
const laptop = makeSession({ ipAddress: "198.51.100.23", userAgent: FIREFOX_WINDOWS });
const phone = makeSession({ createdAt: "2026-11-10T12:00:00.000Z", userAgent: SAFARI_IPHONE });

/** The server's list, which a handler can change as signing out would. */
function renderCard(initial: SignInSession[], handlers: Parameters<typeof stubFetch>[0] = {}) {
  const state = { sessions: initial };
  const fetchMock = stubFetch({
    "GET /api/me/sessions": () => jsonResponse(200, { sessions: state.sessions }),
    ...handlers,
  });
  renderRoutes([{ path: "/settings/profile", element: <SessionsSettings /> }], "/settings/profile");
  return { fetchMock, state };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === "/api/me/sessions" && (init?.method ?? "GET") === "GET",
  ).length;

describe("where you're signed in", () => {
  it("lists each browser, this one first and marked, with no way to sign it out here", async () => {
    renderCard([thisBrowser, laptop, phone]);
    const list = await screen.findByRole("list", { name: "Signed-in browsers" });
    const [current, other, unknownIp] = within(list).getAllByRole("listitem") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(current.textContent).toContain("Chrome on macOS");
    expect(current.textContent).toContain("This browser");
    expect(current.textContent).toContain("203.0.113.7");
    expect(current.textContent).toContain("Signed in Nov 25, 2026");
    expect(current.textContent).toContain("Last active Nov 27, 2026");
    expect(within(current).queryByRole("button")).toBeNull();

    expect(other.textContent).toContain("Firefox on Windows");
    expect(other.textContent).toContain("198.51.100.23");
    expect(other.textContent).not.toContain("This browser");
    expect(
      within(other).getByRole("button", {
        name: "Sign out Firefox on Windows, signed in Nov 20, 2026",
      }),
    ).toBeTruthy();

    expect(unknownIp.textContent).toBe(
      "Safari on iPhoneSigned in Nov 10, 2026 · Last active Nov 26, 2026Sign out",
    );
    expect(screen.getByRole("button", { name: "Sign out all other sessions" })).toBeTruthy();
    expect(screen.queryByText("This is the only place you're signed in.")).toBeNull();
  });

  it("tells two browsers of one kind apart by the day each signed in", async () => {
    const older = makeSession({
      userAgent: FIREFOX_WINDOWS,
      createdAt: "2026-11-02T12:00:00.000Z",
    });
    renderCard([thisBrowser, laptop, older]);
    await screen.findByRole("list", { name: "Signed-in browsers" });
    const names = screen
      .getAllByRole("button", { name: /^Sign out Firefox/ })
      .map((button) => button.getAttribute("aria-label"));
    expect(names).toEqual([
      "Sign out Firefox on Windows, signed in Nov 20, 2026",
      "Sign out Firefox on Windows, signed in Nov 2, 2026",
    ]);
  });

  it("signs one other browser out and refreshes the list", async () => {
    const { fetchMock, state } = renderCard([thisBrowser, laptop, phone], {
      [`DELETE /api/me/sessions/${laptop.id}`]: () => {
        state.sessions = [thisBrowser, phone];
        return new Response(null, { status: 204 });
      },
    });

    fireEvent.click(
      await screen.findByRole("button", {
        name: "Sign out Firefox on Windows, signed in Nov 20, 2026",
      }),
    );
    expect(await screen.findByText("Signed out")).toBeTruthy();
    expect(screen.getByText("Firefox on Windows is signed out.")).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.queryByRole("button", {
          name: "Sign out Firefox on Windows, signed in Nov 20, 2026",
        }),
      ).toBeNull(),
    );
    expect(
      screen.getByRole("button", { name: "Sign out Safari on iPhone, signed in Nov 10, 2026" }),
    ).toBeTruthy();
    expect(
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === "DELETE")
        .map(([input]) => String(input)),
    ).toEqual([`/api/me/sessions/${laptop.id}`]);
    expect(listCalls(fetchMock)).toBe(2);
  });

  it("waits on the row while its sign-out runs, and toasts a refusal", async () => {
    const { fetchMock } = renderCard([thisBrowser, laptop, phone]);
    const button = await screen.findByRole("button", {
      name: "Sign out Firefox on Windows, signed in Nov 20, 2026",
    });
    // The DELETE answers only when the test says, to see the row wait meanwhile.
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(
      (
        screen.getByRole("button", {
          name: "Sign out Safari on iPhone, signed in Nov 10, 2026",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);

    answer(
      jsonResponse(500, { error: { code: "INTERNAL", message: "Something broke on our side" } }),
    );
    expect(await screen.findByText("Sign out failed")).toBeTruthy();
    expect(screen.getByText("Something broke on our side")).toBeTruthy();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(listCalls(fetchMock)).toBe(1);
  });

  it("refreshes the list when the browser was already signed out", async () => {
    const { fetchMock, state } = renderCard([thisBrowser, laptop], {
      [`DELETE /api/me/sessions/${laptop.id}`]: () => {
        state.sessions = [thisBrowser];
        return jsonResponse(404, { error: { code: "NOT_FOUND", message: "Session not found" } });
      },
    });

    fireEvent.click(
      await screen.findByRole("button", {
        name: "Sign out Firefox on Windows, signed in Nov 20, 2026",
      }),
    );
    expect(await screen.findByText("Session not found")).toBeTruthy();
    expect(await screen.findByText("This is the only place you're signed in.")).toBeTruthy();
    expect(listCalls(fetchMock)).toBe(2);
  });

  it("signs out every other browser once confirmed, and refreshes the list", async () => {
    const { fetchMock, state } = renderCard([thisBrowser, laptop, phone], {
      "POST /api/me/sessions/sign-out-others": () => {
        state.sessions = [thisBrowser];
        return jsonResponse(200, { signedOut: 2 });
      },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Sign out all other sessions" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Sign out all other sessions?",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Sign out others",
      }),
    );
    expect(await screen.findByText("Signed out of 2 other sessions")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByText("This is the only place you're signed in.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Sign out/ })).toBeNull();
    expect(
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === "POST")
        .map(([input]) => String(input)),
    ).toEqual(["/api/me/sessions/sign-out-others"]);
    expect(listCalls(fetchMock)).toBe(2);
  });

  it("counts a single other session in the singular, and keeps the dialog open on failure", async () => {
    let fail = true;
    const { state } = renderCard([thisBrowser, laptop], {
      "POST /api/me/sessions/sign-out-others": () => {
        if (fail) {
          return jsonResponse(500, { error: { code: "INTERNAL", message: "Try again later" } });
        }
        state.sessions = [thisBrowser];
        return jsonResponse(200, { signedOut: 1 });
      },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Sign out all other sessions" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign out others" }));
    expect(await screen.findByText("Sign out failed")).toBeTruthy();
    expect(screen.getByText("Try again later")).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBe(dialog);

    fail = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign out others" }));
    expect(await screen.findByText("Signed out of 1 other session")).toBeTruthy();
  });

  it("says when this browser is the only place signed in, with no button to sign out others", async () => {
    renderCard([thisBrowser]);
    expect(await screen.findByText("This is the only place you're signed in.")).toBeTruthy();
    expect(screen.getByText("This browser")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows why the list could not be loaded", async () => {
    stubFetch({
      "GET /api/me/sessions": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database unavailable" } }),
    });
    renderRoutes(
      [{ path: "/settings/profile", element: <SessionsSettings /> }],
      "/settings/profile",
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Database unavailable");
    expect(screen.queryByRole("list")).toBeNull();
  });
});
