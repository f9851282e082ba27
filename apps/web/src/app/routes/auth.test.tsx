import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE_MARK } from "@/lib/session-cookie-mark";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { toastOf } from "@/testing/toasts";
import { AuthRoute } from "./auth";

const signedOut = {
  "GET /api/session": () => jsonResponse(200, null),
  "GET /api/config": () =>
    jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
};

function renderAuth(path: string) {
  return renderRoutes(
    [
      { path: "/auth", element: <AuthRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
    ],
    path,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  document.documentElement.removeAttribute(SESSION_COOKIE_MARK);
});

describe("/auth", () => {
  it("shows the sign-up form by default", async () => {
    stubFetch(signedOut);
    renderAuth("/auth");

    expect(await screen.findByRole("button", { name: "Create Account" })).toBeTruthy();
    expect(screen.getByLabelText("Full name")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      "/terms",
    );
  });

  it("asks a visitor whose page came without a session cookie nothing about it (issue 24)", async () => {
    const fetchMock = stubFetch(signedOut);
    renderAuth("/auth?mode=signin");

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.filter((call) => call === "/api/session" || call === "/api/me")).toEqual([]);
  });

  it("shows the sign-in form with mode=signin", async () => {
    stubFetch(signedOut);
    renderAuth("/auth?mode=signin");

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByLabelText("Full name")).toBeNull();
  });

  it("rejects a short password before calling the server", async () => {
    const fetchMock = stubFetch(signedOut);
    renderAuth("/auth");
    await screen.findByRole("button", { name: "Create Account" });

    fill("Full name", "Ada Lovelace");
    fill("Email", "ada@example.com");
    fill("Password", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    const authCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).startsWith("/api/auth/"),
    );
    expect(authCalls).toEqual([]);
  });

  it("toasts the server's message when sign-in is refused", async () => {
    const fetchMock = stubFetch({
      ...signedOut,
      "POST /api/auth/sign-in/email": () =>
        jsonResponse(401, {
          error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
        }),
    });
    renderAuth("/auth?mode=signin");
    await screen.findByRole("button", { name: "Sign In" });

    fill("Email", "ada@example.com");
    fill("Password", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Sign in failed")).toBeTruthy();
    expect(screen.getByText("Invalid email or password")).toBeTruthy();
    const signInCall = fetchMock.mock.calls.find(
      ([input]) => String(input) === "/api/auth/sign-in/email",
    );
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({
      email: "ada@example.com",
      password: "wrong-password",
    });
  });

  it("sends a signed-in user on to the redirect target", async () => {
    stubFetch({
      ...signedOut,
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
    });
    // Their page came with the session cookie, which the server marks on it.
    document.documentElement.setAttribute(SESSION_COOKIE_MARK, "");
    const { router } = renderAuth("/auth?redirect=%2Fdashboard");

    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("asks a newcomer to verify their address, with a link back to the invitation they came from", async () => {
    const fetchMock = stubFetch({
      ...signedOut,
      "POST /api/auth/sign-up/email": () =>
        jsonResponse(200, {
          user: { id: "u2", fullName: "Sam Teammate", email: "sam@example.com" },
        }),
      "POST /api/auth/send-verification-email": () => jsonResponse(200, { status: true }),
    });
    renderAuth("/auth?mode=signup&redirect=%2Finvite%2Faccept%3Ftoken%3Dabc");
    await screen.findByRole("button", { name: "Create Account" });
    fill("Full name", "Sam Teammate");
    fill("Email", "sam@example.com");
    fill("Password", "a-good-password");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Check your inbox to verify sam@example.com")).toBeTruthy();
    expect(toastOf(await screen.findByText("Account created!"))).toEqual({
      title: "Account created!",
      description: "You can now sign in to your account.",
      type: "success",
    });
    const callbackURL = "/auth?verified=1&redirect=%2Finvite%2Faccept%3Ftoken%3Dabc";
    const signUpCall = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith("/api/auth/sign-up/email"),
    );
    expect(JSON.parse(String(signUpCall?.[1]?.body))).toMatchObject({
      email: "sam@example.com",
      callbackURL,
    });

    fireEvent.click(screen.getByRole("button", { name: "Resend email" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).endsWith("/api/auth/send-verification-email"),
        ),
      ).toBe(true),
    );
  });

  it("goes on from a followed verification link (which signed the user in) to the redirect", async () => {
    stubFetch({
      ...signedOut,
      "GET /api/session": () =>
        jsonResponse(200, {
          user: {
            id: "u2",
            fullName: "Sam Teammate",
            email: "sam@example.com",
            createdAt: "2025-11-01T00:00:00.000Z",
          },
          isAdmin: false,
          onboardingCompleted: false,
          subscription: null,
        }),
    });
    // The link signed them in: the page came with the session cookie, which the server marks.
    document.documentElement.setAttribute(SESSION_COOKIE_MARK, "");
    const { router } = renderRoutes(
      [
        { path: "/auth", element: <AuthRoute /> },
        { path: "/invite/accept", element: <p>Invitation page</p> },
        { path: "/onboarding", element: <p>Onboarding page</p> },
      ],
      "/auth?verified=1&redirect=%2Finvite%2Faccept%3Ftoken%3Dabc",
    );
    expect(await screen.findByText("Invitation page")).toBeTruthy();
    expect(router.state.location.search).toBe("?token=abc");
  });

  it("offers Continue with Google only when the server has Google", async () => {
    stubFetch(signedOut);
    renderAuth("/auth?mode=signin");
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
  });

  it("asks the server for Google's consent URL with where to come back to", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = stubFetch({
      ...signedOut,
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: true, billingMode: null }),
      "POST /api/auth/sign-in/social": () =>
        jsonResponse(200, { url: "https://accounts.example/o/oauth2/v2/auth?x=1", redirect: true }),
    });
    renderAuth("/auth?mode=signup&redirect=%2Finvite%2Faccept%3Ftoken%3Dabc");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example/o/oauth2/v2/auth?x=1"),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/sign-in/social"));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      provider: "google",
      callbackURL: "/invite/accept?token=abc",
      newUserCallbackURL: "/invite/accept?token=abc",
      errorCallbackURL: "/auth?mode=signup&redirect=%2Finvite%2Faccept%3Ftoken%3Dabc",
    });
    vi.unstubAllGlobals();
  });

  it("says why when Google sign-in came back refused", async () => {
    stubFetch({
      ...signedOut,
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: true, billingMode: null }),
    });
    renderAuth("/auth?mode=signin&error=access_denied");
    expect(toastOf(await screen.findByText("Google sign-in was cancelled."))).toEqual({
      title: "Google sign in failed",
      description: "Google sign-in was cancelled.",
      type: "error",
    });
  });

  it("says 'Google sign in failed' with the server's message when Google cannot be reached", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    stubFetch({
      ...signedOut,
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: true, billingMode: null }),
      "POST /api/auth/sign-in/social": () =>
        jsonResponse(503, {
          error: { code: "GOOGLE_UNAVAILABLE", message: "Google sign-in is unavailable" },
        }),
    });
    renderAuth("/auth?mode=signin");
    const google = await screen.findByRole("button", { name: "Continue with Google" });
    fireEvent.click(google);

    expect(toastOf(await screen.findByText("Google sign-in is unavailable"))).toEqual({
      title: "Google sign in failed",
      description: "Google sign-in is unavailable",
      type: "error",
    });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(google).toHaveProperty("disabled", false));
  });
});
