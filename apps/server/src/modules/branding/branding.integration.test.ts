import {
  BRAND_LOGO_MAX_BYTES,
  DEFAULT_BRAND_COLOR,
  type SubscriptionTier,
} from "@utmost/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  createConnectTestApp,
  firstWorkspace,
} from "../google-connect/google-connect.testing.ts";
import { addMember } from "../workspaces/workspaces.testing.ts";
import { dataUrl, tinyPng } from "./branding.testing.ts";

describe.each(testDatabaseKinds())("report branding on %s", (kind) => {
  let app: ConnectTestApp;
  beforeAll(async () => {
    app = await createConnectTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function ownerOn(tier: SubscriptionTier) {
    const user = await signUp(app);
    await setPlan(app.database.db, user.userId, tier);
    const workspaceId = await firstWorkspace(app, user.cookie);
    return { ...user, workspaceId };
  }

  function call(cookie: string, method: "GET" | "PUT" | "DELETE", url: string, payload?: object) {
    return app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  it("shows the workspace's name and a neutral colour until branding is saved", async () => {
    const owner = await ownerOn("agency");
    const response = await call(
      owner.cookie,
      "GET",
      `/api/workspaces/${owner.workspaceId}/branding`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().branding).toEqual({
      workspaceId: owner.workspaceId,
      displayName: "Test's Workspace",
      brandColor: DEFAULT_BRAND_COLOR,
      hasLogo: false,
      isCustom: false,
      updatedAt: null,
    });
  });

  it("saves the name and colour on Agency, trimmed and lower-cased", async () => {
    const owner = await ownerOn("agency");
    const url = `/api/workspaces/${owner.workspaceId}/branding`;
    const saved = await call(owner.cookie, "PUT", url, {
      displayName: "  Northwind Digital ",
      brandColor: "#0F766E",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().branding).toMatchObject({
      displayName: "Northwind Digital",
      brandColor: "#0f766e",
      isCustom: true,
      updatedAt: expect.any(String),
    });
    expect((await call(owner.cookie, "GET", url)).json().branding.displayName).toBe(
      "Northwind Digital",
    );
  });

  it("refuses a bad colour or name with the reason", async () => {
    const owner = await ownerOn("agency");
    const url = `/api/workspaces/${owner.workspaceId}/branding`;
    for (const [payload, message] of [
      [{ displayName: "Northwind", brandColor: "teal" }, /hex colour/],
      [{ displayName: "Northwind", brandColor: "#12345" }, /hex colour/],
      [{ displayName: "   ", brandColor: "#123456" }, /Display name is required/],
      [{ displayName: "x".repeat(81), brandColor: "#123456" }, /at most 80 characters/],
    ] as const) {
      const response = await call(owner.cookie, "PUT", url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: expect.stringMatching(message),
      });
    }
  });

  it("keeps a PNG logo, serves it privately, and removes it", async () => {
    const owner = await ownerOn("agency");
    const url = `/api/workspaces/${owner.workspaceId}/branding/logo`;
    // The declared type is ignored: the bytes are a PNG.
    const uploaded = await call(owner.cookie, "PUT", url, {
      dataUrl: dataUrl(tinyPng(), "image/jpeg"),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().branding).toMatchObject({ hasLogo: true, isCustom: true });

    const logo = await call(owner.cookie, "GET", url);

    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toBe("private, no-store");
    expect(logo.rawPayload.equals(tinyPng())).toBe(true);

    expect((await call(owner.cookie, "DELETE", url)).statusCode).toBe(204);
    const gone = await call(owner.cookie, "GET", url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe("NOT_FOUND");
  });

  it("refuses a logo that is no PNG or JPEG, or too large", async () => {
    const owner = await ownerOn("agency");
    const url = `/api/workspaces/${owner.workspaceId}/branding/logo`;
    const text = await call(owner.cookie, "PUT", url, {
      dataUrl: dataUrl(Buffer.from("<svg onload='alert(1)'/>"), "image/png"),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The logo must be a PNG or JPEG image",
    });

    const big = await call(owner.cookie, "PUT", url, {
      dataUrl: dataUrl(Buffer.concat([tinyPng(), Buffer.alloc(BRAND_LOGO_MAX_BYTES)])),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/at most 512 KB/);

    const malformed = await call(owner.cookie, "PUT", url, {
      dataUrl: "https://example.com/a.png",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/base64 data URL/);

    const branding = await call(
      owner.cookie,
      "GET",
      `/api/workspaces/${owner.workspaceId}/branding`,
    );
    expect(branding.json().branding.hasLogo).toBe(false);
  });

  it("is the Agency plan's: other plans read the defaults but cannot change them", async () => {
    const owner = await ownerOn("advanced");
    const base = `/api/workspaces/${owner.workspaceId}/branding`;
    expect((await call(owner.cookie, "GET", base)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["PUT", base, { displayName: "Northwind", brandColor: "#123456" }],
      ["PUT", `${base}/logo`, { dataUrl: dataUrl(tinyPng()) }],
      ["DELETE", `${base}/logo`, undefined],
    ] as const) {
      const response = await call(owner.cookie, method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: "PLAN_UPGRADE_REQUIRED",
        message: expect.stringContaining("Agency plan"),
      });
    }
  });

  it("lets members read the branding but not change it; outsiders see nothing", async () => {
    const owner = await ownerOn("agency");
    const member = await signUp(app);
    await addMember(app.database.db, owner.workspaceId, member.userId, "member");
    const outsider = await signUp(app);
    const url = `/api/workspaces/${owner.workspaceId}/branding`;
    expect((await call(member.cookie, "GET", url)).statusCode).toBe(200);
    const refused = await call(member.cookie, "PUT", url, {
      displayName: "Mine",
      brandColor: "#123456",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");
    expect((await call(outsider.cookie, "GET", url)).statusCode).toBe(404);
  });
});
