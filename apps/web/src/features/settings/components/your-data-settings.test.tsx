import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMe } from "@/lib/auth";
import { makeMe } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { YourDataSettings } from "./your-data-settings";

function Harness() {
  const { data: me } = useMe();
  return me ? <YourDataSettings me={me} /> : null;
}

function renderCard(handlers: Parameters<typeof stubFetch>[0], me = makeMe()) {
  const fetchMock = stubFetch({ "GET /api/session": () => jsonResponse(200, me), ...handlers });
  const rendered = renderRoutes(
    [
      { path: "/settings/profile", element: <Harness /> },
      { path: "/", element: <p>Landing page</p> },
    ],
    "/settings/profile",
  );
  return { fetchMock, ...rendered };
}

const file = (body: string, type: string, filename: string) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${filename}"` },
  });

describe("your data settings", () => {
  const clicked: { download: string }[] = [];

  beforeEach(() => {
    clicked.length = 0;
    Object.defineProperty(URL, "createObjectURL", {
      configurable: true,
      value: vi.fn(() => "blob:http://localhost/export"),
    });
    Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download });
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(URL, "createObjectURL");
    Reflect.deleteProperty(URL, "revokeObjectURL");
  });

  it("downloads the export as JSON or CSV under the server's file name", async () => {
    const { fetchMock } = renderCard({
      "GET /api/me/export": ({ url }) =>
        url.searchParams.get("format") === "csv"
          ? file("record_type\n", "text/csv", "utmost-export-2026-11-24.csv")
          : file("{}", "application/json", "utmost-export-2026-11-24.json"),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Export as JSON" }));
    await waitFor(() => expect(clicked).toEqual([{ download: "utmost-export-2026-11-24.json" }]));
    fireEvent.click(screen.getByRole("button", { name: "Export as CSV" }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toEqual({ download: "utmost-export-2026-11-24.csv" });
    expect(
      fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.includes("export")),
    ).toEqual(["/api/me/export?format=json", "/api/me/export?format=csv"]);
  });

  it("deletes the account with the password, then signs out to the landing page", async () => {
    const { fetchMock } = renderCard({
      "POST /api/me/deletion": ({ body }) =>
        (body as { password: string }).password === "correct-horse"
          ? jsonResponse(200, { purgeAfter: "2026-12-24T00:00:00.000Z" })
          : jsonResponse(400, {
              error: { code: "INVALID_PASSWORD", message: "The password is incorrect." },
            }),
      "POST /api/auth/sign-out": () => jsonResponse(200, { success: true }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
    expect(dialog.textContent).toContain("30 days");
    expect(dialog.textContent).toContain("Every workspace you own is deleted");
    expect(dialog.textContent).toContain("Manage subscription");

    const confirm = () =>
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    confirm();
    expect(await within(dialog).findByText("Enter your password")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "nope" } });
    confirm();
    expect(await within(dialog).findByText("The password is incorrect.")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Password"), {
      target: { value: "correct-horse" },
    });
    confirm();
    expect(await screen.findByText("Landing page")).toBeTruthy();
    expect(await screen.findByText("Account scheduled for deletion")).toBeTruthy();
    const deletionBodies = fetchMock.mock.calls
      .filter(([input]) => String(input) === "/api/me/deletion")
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(deletionBodies.at(-1)).toEqual({ password: "correct-horse" });
  });

  it("shows the server's refusal for a paid plan and stays signed in", async () => {
    renderCard({
      "POST /api/me/deletion": () =>
        jsonResponse(409, {
          error: {
            code: "PAID_PLAN_ACTIVE",
            message: "Cancel your paid plan under Settings → Billing before deleting your account.",
          },
        }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "pw" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    expect(
      await within(dialog).findByText(
        "Cancel your paid plan under Settings → Billing before deleting your account.",
      ),
    ).toBeTruthy();
  });

  it("asks an account without a password to type DELETE", async () => {
    const { fetchMock } = renderCard(
      {
        "POST /api/me/deletion": () =>
          jsonResponse(200, { purgeAfter: "2026-12-24T00:00:00.000Z" }),
        "POST /api/auth/sign-out": () => jsonResponse(200, { success: true }),
      },
      { ...makeMe(), hasPassword: false },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("alertdialog");
    const field = within(dialog).getByLabelText("Type DELETE");
    fireEvent.change(field, { target: { value: "delete" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    expect(await within(dialog).findByText("Type DELETE to confirm")).toBeTruthy();
    fireEvent.change(field, { target: { value: "DELETE" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete account" }));
    expect(await screen.findByText("Landing page")).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([input]) => String(input) === "/api/me/deletion");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ confirm: "DELETE" });
  });
});
