import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AuthRoute } from "./auth";

describe("/auth sign-up from an invitation", () => {
  it("fills in the invited address and keeps it, so the account can accept the invitation", async () => {
    const fetchMock = stubFetch({
      "GET /api/me": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not signed in" } }),
      "GET /api/session": () => jsonResponse(200, null),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
      "GET /api/invitations/lookup": ({ url }) =>
        url.searchParams.get("token") === "tok-1"
          ? jsonResponse(200, {
              invitation: {
                workspace: { name: "Acme Agency" },
                invitedBy: null,
                invitedEmail: "grace@example.com",
                role: "member",
                status: "pending",
                expiresAt: "2099-01-01T00:00:00.000Z",
              },
            })
          : jsonResponse(404, { error: { code: "NOT_FOUND", message: "Invitation not found" } }),
      "POST /api/auth/sign-up/email": () => jsonResponse(200, { user: { id: "u2" } }),
    });
    renderRoutes(
      [{ path: "/auth", element: <AuthRoute /> }],
      "/auth?mode=signup&redirect=%2Finvite%2Faccept%3Ftoken%3Dtok-1",
    );

    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe("grace@example.com"));
    expect(email.readOnly).toBe(true);
    expect(screen.getByText("The invitation is for this address.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Grace Hopper" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a-good-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input) === "/api/auth/sign-up/email"),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(
      ([input]) => String(input) === "/api/auth/sign-up/email",
    );
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ email: "grace@example.com" });
  });

  it("leaves the address free on a plain sign-up", async () => {
    stubFetch({
      "GET /api/me": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Not signed in" } }),
      "GET /api/session": () => jsonResponse(200, null),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
    });
    renderRoutes([{ path: "/auth", element: <AuthRoute /> }], "/auth?mode=signup");
    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    expect(email.value).toBe("");
    expect(email.readOnly).toBe(false);
  });
});
