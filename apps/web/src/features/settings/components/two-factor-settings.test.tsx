import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useMe } from "@/lib/auth";
import { makeMe } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { TwoFactorSettings } from "./two-factor-settings";

const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const TOTP_URI = `otpauth://totp/Utmost:ada%40example.com?secret=${SECRET}&issuer=Utmost&digits=6&period=30`;
const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function Harness() {
  const { data: me } = useMe();
  return me ? <TwoFactorSettings me={me} /> : null;
}

function renderCard(initiallyOn: boolean, handlers: Parameters<typeof stubFetch>[0]) {
  let on = initiallyOn;
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, { ...makeMe(), twoFactorEnabled: on }),
    ...handlers,
  });
  renderRoutes([{ path: "/settings/profile", element: <Harness /> }], "/settings/profile");
  return {
    fetchMock,
    turn: (value: boolean) => {
      on = value;
    },
  };
}

const body = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("two-factor authentication settings", () => {
  it("enables with the password, a QR code and a confirming code, then shows the backup codes once", async () => {
    let confirmed = false;
    const state = renderCard(false, {
      "POST /api/auth/two-factor/enable": ({ body }) =>
        (body as { password: string }).password === "correct-horse"
          ? jsonResponse(200, { method: "totp", totpURI: TOTP_URI, backupCodes: BACKUP_CODES })
          : jsonResponse(400, { error: { code: "INVALID_PASSWORD", message: "Invalid password" } }),
      "POST /api/auth/two-factor/verify-totp": ({ body }) => {
        if ((body as { code: string }).code !== "123456") {
          return jsonResponse(401, { error: { code: "INVALID_CODE", message: "Invalid code" } });
        }
        confirmed = true;
        state.turn(true);
        return jsonResponse(200, {
          user: { id: "u1", fullName: "Ada Lovelace", email: "ada@example.com" },
        });
      },
    });
    const { fetchMock } = state;

    expect(await screen.findByText("Off")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Enable" }));

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Password is required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Invalid password")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(
      await screen.findByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeTruthy();
    const key = screen.getByLabelText("Setup key") as HTMLInputElement;
    expect(key.value.replaceAll(" ", "")).toBe(SECRET);
    expect(body(fetchMock, "/api/auth/two-factor/enable").at(-1)).toEqual({
      password: "correct-horse",
    });

    fireEvent.change(screen.getByLabelText("6-digit code"), { target: { value: "12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect(await screen.findByText("Enter the 6-digit code")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("6-digit code"), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect(await screen.findByText("Invalid code")).toBeTruthy();
    expect(confirmed).toBe(false);

    fireEvent.change(screen.getByLabelText("6-digit code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify and turn on" }));

    const list = await screen.findByRole("list", { name: "Backup codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(BACKUP_CODES);
    expect(await screen.findByText("On")).toBeTruthy();

    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole("button", { name: "Copy codes" }));
    expect(await screen.findByText("Backup codes copied")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${BACKUP_CODES.join("\n")}\n`);

    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("list", { name: "Backup codes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Disable" })).toBeTruthy();
  });

  it("disables with the password, refusing a wrong one", async () => {
    const state = renderCard(true, {
      "POST /api/auth/two-factor/disable": ({ body }) => {
        if ((body as { password: string }).password !== "correct-horse") {
          return jsonResponse(400, {
            error: { code: "INVALID_PASSWORD", message: "Invalid password" },
          });
        }
        state.turn(false);
        return jsonResponse(200, { status: true });
      },
    });

    expect(await screen.findByText("On")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Disable" }));
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Disable two-factor" }));
    expect(await screen.findByText("Invalid password")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Disable two-factor" }));
    expect(await screen.findByText("Two-factor authentication turned off")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Off")).toBeTruthy());
    expect(screen.getByRole("button", { name: "Enable" })).toBeTruthy();
    expect(body(state.fetchMock, "/api/auth/two-factor/disable")).toEqual([
      { password: "wrong-one" },
      { password: "correct-horse" },
    ]);
  });
});
