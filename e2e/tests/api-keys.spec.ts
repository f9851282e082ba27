import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { signIn } from "../support/journeys.ts";

/**
 * The public API (ADR 012): an admin makes a workspace API key in Settings, a script reads the
 * workspace's property and issues with it, and once the key is revoked the same call is refused.
 * The API documentation opens in the browser under its own content security policy.
 */
describe("API keys", () => {
  const browser = useBrowser();

  it("a key made in Settings reads the API until it is revoked", async () => {
    const { page } = browser;
    await signIn(browser);
    await page.goto(browser.url("/settings/workspace"));
    await page.getByText("API keys", { exact: true }).waitFor();
    const docs = page.getByRole("link", { name: "API documentation" });
    expect(await docs.getAttribute("href")).toBe("/api/docs");

    await page.getByRole("button", { name: "Create API key" }).click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByLabel("Name").fill("Weekly report script");
    await form.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    await shown.getByText("Copy it now: it will not be shown again").waitFor();
    const key = (await shown.getByTestId("new-api-key").textContent())?.trim() ?? "";
    expect(key).toMatch(/^utm_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("row", { name: /Weekly report script/ });
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    const api = (pathname: string) =>
      fetch(browser.url(pathname), { headers: { authorization: `Bearer ${key}` } });
    const properties = await api("/api/v1/properties");
    expect(properties.status).toBe(200);
    const [property] = (await properties.json()).properties;
    expect(property).toMatchObject({ status: "active", healthScore: expect.any(Number) });
    const issues = await api(`/api/v1/properties/${property.id}/issues?limit=5`);
    expect(issues.status).toBe(200);
    const page1 = await issues.json();
    expect(page1.issues.length).toBeGreaterThan(0);
    expect(page1.issues[0]).toMatchObject({ propertyId: property.id, title: expect.any(String) });

    // Used once: the list says when.
    await page.reload();
    await row.getByRole("button", { name: "Revoke Weekly report script" }).waitFor();
    expect(await row.getByText("Never").count()).toBe(0);

    await row.getByRole("button", { name: "Revoke Weekly report script" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke Weekly report script?" });
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await row.getByText("Revoked").waitFor();

    const refused = await api("/api/v1/properties");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await refused.json()).error.message).toBe("This API key has been revoked.");
  });

  it("the API documentation renders in the browser", async () => {
    const { page } = browser;
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") blocked.push(message.text());
    });
    await page.goto(browser.url("/api/docs"));
    const title = page.locator(".swagger-ui .info .title");
    await title.waitFor();
    expect(await title.textContent()).toContain("Utmost API");
    await page.getByText("/api/v1/properties/{propertyId}/issues").first().waitFor();
    await page
      .getByRole("button", { name: /Authorize/ })
      .first()
      .waitFor();
    expect(blocked).toEqual([]);
  });
});
