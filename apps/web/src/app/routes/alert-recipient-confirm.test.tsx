import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AlertRecipientConfirmRoute } from "./alert-recipient-confirm";

function renderAt(url: string) {
  return renderRoutes(
    [{ path: "/alert-recipients/confirm", element: <AlertRecipientConfirmRoute /> }],
    url,
  );
}

describe("/alert-recipients/confirm", () => {
  it("confirms only when the recipient presses the button, then says so", async () => {
    const fetchMock = stubFetch({
      "POST /api/alert-recipients/confirm": () =>
        jsonResponse(200, { email: "client@example.org", workspaceName: "Acme Team" }),
    });
    renderAt("/alert-recipients/confirm?token=tok-123");
    const button = await screen.findByRole("button", { name: "Confirm: send me these alerts" });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText("Alerts confirmed")).toBeTruthy();
    expect(screen.getByText(/client@example\.org now receives the alerts/)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ token: "tok-123" });
  });

  it("shows the server's reason for a spent or expired link", async () => {
    stubFetch({
      "POST /api/alert-recipients/confirm": () =>
        jsonResponse(404, {
          error: { code: "NOT_FOUND", message: "This confirmation link is not valid" },
        }),
    });
    renderAt("/alert-recipients/confirm?token=old");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm: send me these alerts" }));
    expect(await screen.findByText("We could not confirm")).toBeTruthy();
    expect(screen.getByText("This confirmation link is not valid")).toBeTruthy();
  });

  it("says a link without its token is incomplete", async () => {
    stubFetch({});
    renderAt("/alert-recipients/confirm");
    expect(await screen.findByText("This confirmation link is incomplete")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Confirm/ })).toBeNull();
  });
});
