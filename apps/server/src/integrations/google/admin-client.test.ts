import { describe, expect, it } from "vitest";
import { createGoogleAdminClient, normaliseStreamHost } from "./admin-client.ts";
import { googleErrorResponse, jsonResponse, scriptedFetch } from "./fake-google.ts";

const BASE = "https://analyticsadmin.googleapis.com";
const noWait = { sleep: async () => {}, random: () => 0 };

function summary(accountId: string, propertyIds: string[] = []) {
  return {
    name: `accountSummaries/${accountId}`,
    account: `accounts/${accountId}`,
    displayName: `Account ${accountId}`,
    ...(propertyIds.length > 0
      ? {
          propertySummaries: propertyIds.map((id) => ({
            property: `properties/${id}`,
            displayName: `Property ${id}`,
            propertyType: "PROPERTY_TYPE_ORDINARY",
            parent: `accounts/${accountId}`,
          })),
        }
      : {}),
  };
}

describe("listAccountSummaries", () => {
  it("follows nextPageToken across pages with pageSize 200", async () => {
    const fake = scriptedFetch((request) => {
      const token = request.url.searchParams.get("pageToken");
      if (token === null)
        return jsonResponse({ accountSummaries: [summary("1", ["11"])], nextPageToken: "p2" });
      if (token === "p2")
        return jsonResponse({ accountSummaries: [summary("2")], nextPageToken: "p3" });
      return jsonResponse({ accountSummaries: [summary("3", ["31", "32"])] });
    });
    const admin = createGoogleAdminClient({ session: fake, baseUrl: BASE, retry: noWait });
    const accounts = await admin.listAccountSummaries();
    expect(accounts.map((a) => a.account)).toEqual(["accounts/1", "accounts/2", "accounts/3"]);
    expect(accounts[1]?.propertySummaries).toEqual([]);
    expect(accounts[2]?.propertySummaries.map((p) => p.property)).toEqual([
      "properties/31",
      "properties/32",
    ]);
    expect(fake.requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual([
      "/v1beta/accountSummaries?pageSize=200&prettyPrint=false",
      "/v1beta/accountSummaries?pageSize=200&pageToken=p2&prettyPrint=false",
      "/v1beta/accountSummaries?pageSize=200&pageToken=p3&prettyPrint=false",
    ]);
    expect(admin.apiCalls).toBe(3);
  });

  it("reads a user with no accounts ({}), and refuses a page token that repeats", async () => {
    const empty = createGoogleAdminClient({
      session: scriptedFetch(() => jsonResponse({})),
      baseUrl: BASE,
    });
    expect(await empty.listAccountSummaries()).toEqual([]);

    const looping = createGoogleAdminClient({
      session: scriptedFetch(() => jsonResponse({ accountSummaries: [], nextPageToken: "same" })),
      baseUrl: BASE,
    });
    await expect(looping.listAccountSummaries()).rejects.toMatchObject({
      code: "GOOGLE_BAD_RESPONSE",
    });
  });
});

describe("getProperty", () => {
  it("reads properties/{id}, accepting either form of the id", async () => {
    const fake = scriptedFetch(() =>
      jsonResponse({
        name: "properties/312456789",
        displayName: "example.com",
        timeZone: "Europe/Paris",
        serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
        somethingNew: { added: "by Google" },
      }),
    );
    const admin = createGoogleAdminClient({ session: fake, baseUrl: BASE });
    const property = await admin.getProperty("properties/312456789");
    expect(property).toMatchObject({ name: "properties/312456789", timeZone: "Europe/Paris" });
    expect(fake.requests[0]?.url.pathname).toBe("/v1beta/properties/312456789");
    await expect(admin.getProperty("../accounts")).rejects.toMatchObject({
      code: "GOOGLE_INVALID_REQUEST",
    });
  });

  it("maps 403 to permission denied and a malformed body to a bad response", async () => {
    const denied = createGoogleAdminClient({
      session: scriptedFetch(() =>
        googleErrorResponse(403, "PERMISSION_DENIED", "The caller does not have permission"),
      ),
      baseUrl: BASE,
    });
    await expect(denied.getProperty("1")).rejects.toMatchObject({
      code: "GOOGLE_PERMISSION_DENIED",
    });

    const malformed = createGoogleAdminClient({
      session: scriptedFetch(() => jsonResponse({ name: 42 })),
      baseUrl: BASE,
    });
    await expect(malformed.getProperty("1")).rejects.toMatchObject({ code: "GOOGLE_BAD_RESPONSE" });
  });
});

describe("listWebStreamHosts", () => {
  it("keeps web streams' hosts, normalised and unique, across pages", async () => {
    const stream = (id: string, type: string, defaultUri?: string) => ({
      name: `properties/1/dataStreams/${id}`,
      type,
      ...(type === "WEB_DATA_STREAM"
        ? { webStreamData: { measurementId: `G-${id}`, ...(defaultUri ? { defaultUri } : {}) } }
        : { androidAppStreamData: { packageName: "com.example" } }),
    });
    const fake = scriptedFetch((request) =>
      request.url.searchParams.get("pageToken") === null
        ? jsonResponse({
            dataStreams: [
              stream("1", "WEB_DATA_STREAM", "https://www.Example.com"),
              stream("2", "ANDROID_APP_DATA_STREAM"),
              stream("3", "WEB_DATA_STREAM"),
            ],
            nextPageToken: "next",
          })
        : jsonResponse({
            dataStreams: [
              stream("4", "WEB_DATA_STREAM", "shop.example.com:8443/cart?x=1"),
              stream("5", "WEB_DATA_STREAM", "http://www.example.com/"),
            ],
          }),
    );
    const admin = createGoogleAdminClient({ session: fake, baseUrl: BASE });
    expect(await admin.listWebStreamHosts("1")).toEqual(["www.example.com", "shop.example.com"]);
    expect(fake.requests[0]?.url.pathname).toBe("/v1beta/properties/1/dataStreams");
  });
});

describe("normaliseStreamHost", () => {
  it.each([
    ["https://www.Example.com", "www.example.com"],
    ["http://www.google.com", "www.google.com"],
    ["example.com", "example.com"],
    ["EXAMPLE.com:8080/path?q#f", "example.com"],
    ["https://user:pw@shop.example.com.:443/", "shop.example.com"],
    ["  ", undefined],
    ["", undefined],
    [undefined, undefined],
    ["http://", undefined],
  ])("%s -> %s", (input, expected) => {
    expect(normaliseStreamHost(input)).toBe(expected);
  });
});
