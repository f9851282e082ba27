import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMe } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AuthRoute } from "./auth";

const signedIn = { user: { id: "u1", fullName: "Ada Lovelace", email: "ada@example.com" } };

/** A user with two-factor sign-in on: the password step answers "a code is due". */
function stubTwoFactorSignIn(verify: Parameters<typeof stubFetch>[0]) {
  let session = false;
  const fetchMock = stubFetch({
    "GET /api/session": () =>
      session
        ? jsonResponse(200, { ...makeMe(), twoFactorEnabled: true })
        : jsonResponse(200, null),
    "GET /api/config": () =>
      jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
    "POST /api/auth/sign-in/email": () =>
      jsonResponse(200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] }),
    ...Object.fromEntries(
      Object.entries(verify).map(([route, handler]) => [
        route,
        (request: Parameters<typeof handler>[0]) => {
          const response = handler(request);
          if (response.ok) session = true;
          return response;
        },
      ]),
    ),
  });
  const rendered = renderRoutes(
    [
      { path: "/auth", element: <AuthRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
      { path: "/issues", element: <p>Issues page</p> },
    ],
    "/auth?mode=signin&redirect=%2Fissues",
  );
  return { ...rendered, fetchMock };
}

async function signInWithPassword() {
  await screen.findByRole("button", { name: "Sign In" });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
  expect(
    await screen.findByText("Enter the 6-digit code from your authenticator app"),
  ).toBeTruthy();
}

describe("/auth sign-in with two-factor authentication", () => {
  it("asks for the authenticator code, refuses a wrong one, then continues to the redirect", async () => {
    const { router, fetchMock } = stubTwoFactorSignIn({
      "POST /api/auth/two-factor/verify-totp": ({ body }) =>
        (body as { code: string }).code === "123456"
          ? jsonResponse(200, signedIn)
          : jsonResponse(401, { error: { code: "INVALID_CODE", message: "Invalid code" } }),
    });
    await signInWithPassword();

    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6-digit code")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Authentication code"), {
      target: { value: "000000" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid code")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth");

    fireEvent.change(screen.getByLabelText("Authentication code"), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Issues page")).toBeTruthy();
    const codes = fetchMock.mock.calls
      .filter(([input]) => String(input) === "/api/auth/two-factor/verify-totp")
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(codes).toEqual([{ code: "000000" }, { code: "123456" }]);
  });

  it("accepts a backup code instead", async () => {
    const { router } = stubTwoFactorSignIn({
      "POST /api/auth/two-factor/verify-backup-code": ({ body }) =>
        (body as { code: string }).code === "abcde-12345"
          ? jsonResponse(200, signedIn)
          : jsonResponse(401, {
              error: { code: "INVALID_BACKUP_CODE", message: "Invalid backup code" },
            }),
    });
    await signInWithPassword();

    fireEvent.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    fireEvent.change(screen.getByLabelText("Backup code"), { target: { value: "zzzzz-00000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid backup code")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Backup code"), { target: { value: "abcde-12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/issues"));
  });

  it("goes back to the password when the sign-in attempt has expired", async () => {
    stubTwoFactorSignIn({
      "POST /api/auth/two-factor/verify-totp": () =>
        jsonResponse(401, {
          error: { code: "INVALID_TWO_FACTOR_COOKIE", message: "Invalid two factor cookie" },
        }),
    });
    await signInWithPassword();

    fireEvent.change(screen.getByLabelText("Authentication code"), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Please sign in again")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });
});

describe("/auth after a failed attempt", () => {
  it("clears the earlier 'Sign in failed' once the password is right and a code is due", async () => {
    let attempts = 0;
    stubFetch({
      "GET /api/session": () => jsonResponse(200, null),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
      "POST /api/auth/sign-in/email": () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(401, {
              error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
            })
          : jsonResponse(200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] });
      },
    });
    renderRoutes([{ path: "/auth", element: <AuthRoute /> }], "/auth?mode=signin");

    await screen.findByRole("button", { name: "Sign In" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Sign in failed")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(
      await screen.findByText("Enter the 6-digit code from your authenticator app"),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Sign in failed")).toBeNull());
  });
});
