import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderLinks } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

/** Issue 10: the UTM link builder's history, checked against the workspace's conventions. */
describe.each(testDatabaseKinds())("link builder on %s", (kind) => {
  let app: QueueTestApp;
  let owner: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let member: { cookie: string; userId: string };
  let outsider: { cookie: string; userId: string };
  let workspaceId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    [owner, admin, member, outsider] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    workspaceId = (
      await insertTeam(app.database.db, owner.userId, [
        { userId: admin.userId, role: "admin" },
        { userId: member.userId, role: "member" },
      ])
    ).id;
    await app.server.inject({
      method: "PUT",
      url: `/api/workspaces/${workspaceId}/conventions`,
      headers: { cookie: owner.cookie },
      payload: { medium: { allowed: ["cpc", "email", "paid_social"] } },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const LINK = {
    baseUrl: "https://www.example.com/pricing?plan=pro#compare",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "spring_sale",
  };
  const create = (cookie: string, payload: object, workspace = workspaceId) =>
    app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspace}/links`,
      headers: { cookie },
      payload,
    });
  const list = (cookie: string, query = "") =>
    app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/links${query}`,
      headers: { cookie },
    });
  const remove = (cookie: string, linkId: string) =>
    app.server.inject({ method: "DELETE", url: `/api/links/${linkId}`, headers: { cookie } });

  it("builds the URL, keeps the page's query and fragment, and predicts the channel", async () => {
    const response = await create(member.cookie, { ...LINK, utmTerm: "running shoes", utmId: "" });
    expect(response.statusCode).toBe(201);
    const { link } = response.json();
    expect(link).toMatchObject({
      baseUrl: LINK.baseUrl,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring_sale",
      utmTerm: "running shoes",
      utmContent: null,
      utmId: null,
      url: "https://www.example.com/pricing?plan=pro&utm_source=google&utm_medium=cpc&utm_campaign=spring_sale&utm_term=running+shoes#compare",
      predictedChannel: "Paid Search",
      canDelete: true,
    });
    expect(link.createdByName).toEqual(expect.any(String));
    const [row] = await app.database.db
      .select()
      .from(builderLinks)
      .where(eq(builderLinks.id, link.id));
    expect(row?.createdByUserId).toBe(member.userId);
    expect(row?.predictedChannel).toBe("Paid Search");
  });

  it("refuses a value outside the conventions with the convention's message, saving nothing", async () => {
    const before = (await list(owner.cookie)).json().total;
    const response = await create(owner.cookie, { ...LINK, utmMedium: "Paid-Search" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "utm_medium 'Paid-Search' is not one of 'cpc', 'email', 'paid_social'",
      issues: [{ path: "utmMedium" }],
    });
    expect((await list(owner.cookie)).json().total).toBe(before);
  });

  it("saves a link that only has warnings", async () => {
    const response = await create(owner.cookie, {
      ...LINK,
      utmSource: "Newsletter",
      utmMedium: "email",
      utmCampaign: "May Digest",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().link.predictedChannel).toBe("Email");
    expect(response.json().link.url).toContain("utm_campaign=May+Digest");
  });

  it("adds https:// to an address typed without a scheme, and saves it so", async () => {
    const response = await create(owner.cookie, { ...LINK, baseUrl: "www.example.com/pricing" });
    expect(response.statusCode).toBe(201);
    expect(response.json().link).toMatchObject({
      baseUrl: "https://www.example.com/pricing",
      url: "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale",
    });
  });

  it.each([
    [{ ...LINK, baseUrl: "" }, "Website URL is required"],
    [{ ...LINK, baseUrl: "pricing" }, "Enter the website URL, starting with http:// or https://"],
    [
      { ...LINK, baseUrl: "ftp://example.com/" },
      "Enter the website URL, starting with http:// or https://",
    ],
    [
      { ...LINK, baseUrl: "https://www.example.com/?utm_source=old" },
      "The website URL already has utm_source: remove it and set the values in the fields below",
    ],
    [{ ...LINK, utmSource: "  " }, "Campaign source is required"],
    [{ ...LINK, utmCampaign: undefined }, "Campaign name is required"],
    [{ ...LINK, utmTerm: 42 }, "Campaign term must be text"],
  ])("refuses %j", async (payload, message) => {
    const response = await create(owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
    expect(response.json().error.message).toBe(message);
  });

  it("lists the history newest first, a page at a time", async () => {
    for (const campaign of ["page_a", "page_b", "page_c"]) {
      await create(admin.cookie, { ...LINK, utmCampaign: campaign });
    }
    const first = await list(member.cookie, "?limit=2");
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.links.map((l: { utmCampaign: string }) => l.utmCampaign)).toEqual([
      "page_c",
      "page_b",
    ]);
    expect(body.total).toBeGreaterThanOrEqual(5);
    // A member may delete only their own links.
    expect(body.links.every((l: { canDelete: boolean }) => !l.canDelete)).toBe(true);
    const next = await list(member.cookie, "?limit=2&offset=2");
    expect(next.json().links[0].utmCampaign).toBe("page_a");
    expect((await list(member.cookie, "?limit=0")).statusCode).toBe(400);
  });

  it("lets the creator, the owner or an admin delete a link, not another member", async () => {
    const byAdmin = (await create(admin.cookie, { ...LINK, utmCampaign: "to_delete" })).json().link;
    const refused = await remove(member.cookie, byAdmin.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the workspace owner, an admin or the link's creator can delete this link",
    );
    expect((await remove(owner.cookie, byAdmin.id)).statusCode).toBe(204);
    expect((await remove(owner.cookie, byAdmin.id)).statusCode).toBe(404);

    const byMember = (await create(member.cookie, { ...LINK, utmCampaign: "mine" })).json().link;
    expect((await remove(member.cookie, byMember.id)).statusCode).toBe(204);
  });

  it("hides the workspace's links from outsiders", async () => {
    const link = (await create(owner.cookie, { ...LINK, utmCampaign: "secret" })).json().link;
    expect((await list(outsider.cookie)).statusCode).toBe(404);
    expect((await create(outsider.cookie, LINK)).statusCode).toBe(404);
    expect((await remove(outsider.cookie, link.id)).statusCode).toBe(404);
  });
});
