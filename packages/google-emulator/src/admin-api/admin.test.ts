import { describe, expect, it } from "vitest";
import { profile } from "../data-api/testing/fake-property.ts";
import {
  type AccountView,
  type AdminResult,
  getProperty,
  listAccountSummaries,
  listDataStreams,
} from "./admin.ts";

function account(id: number, propertyCount = 1): AccountView {
  return {
    accountId: String(1000 + id),
    displayName: `Account ${id}`,
    properties: Array.from({ length: propertyCount }, (_, p) =>
      profile({ propertyId: String(300000000 + id * 10 + p), displayName: `Property ${id}.${p}` }),
    ),
  };
}

function body(result: AdminResult): Record<string, unknown> {
  if (!result.ok) throw new Error(`expected a body, got: ${result.error.message}`);
  return result.body;
}

function names(result: AdminResult): string[] {
  const summaries = (body(result).accountSummaries ?? []) as { name: string }[];
  return summaries.map((summary) => summary.name);
}

describe("listAccountSummaries", () => {
  it("answers Google's AccountSummary shape", () => {
    expect(body(listAccountSummaries([account(1)], {}))).toEqual({
      accountSummaries: [
        {
          name: "accountSummaries/1001",
          account: "accounts/1001",
          displayName: "Account 1",
          propertySummaries: [
            {
              property: "properties/300000010",
              displayName: "Property 1.0",
              propertyType: "PROPERTY_TYPE_ORDINARY",
              parent: "accounts/1001",
            },
          ],
        },
      ],
    });
  });

  it("omits propertySummaries for an account without properties, and everything without accounts", () => {
    expect(body(listAccountSummaries([account(2, 0)], {}))).toEqual({
      accountSummaries: [
        { name: "accountSummaries/1002", account: "accounts/1002", displayName: "Account 2" },
      ],
    });
    expect(body(listAccountSummaries([], {}))).toEqual({});
  });

  it("pages with nextPageToken until the last page, which has none", () => {
    const accounts = Array.from({ length: 5 }, (_, i) => account(i));
    const first = body(listAccountSummaries(accounts, { pageSize: "2" }));
    expect(names({ ok: true, body: first })).toEqual([
      "accountSummaries/1000",
      "accountSummaries/1001",
    ]);
    const second = body(
      listAccountSummaries(accounts, { pageSize: "2", pageToken: first.nextPageToken as string }),
    );
    expect(names({ ok: true, body: second })).toEqual([
      "accountSummaries/1002",
      "accountSummaries/1003",
    ]);
    const last = body(
      listAccountSummaries(accounts, { pageSize: "2", pageToken: second.nextPageToken as string }),
    );
    expect(names({ ok: true, body: last })).toEqual(["accountSummaries/1004"]);
    expect(last).not.toHaveProperty("nextPageToken");
  });

  it("defaults to 50 a page, treats 0 as unset and coerces sizes above 200", () => {
    const accounts = Array.from({ length: 260 }, (_, i) => account(i, 0));
    expect(names(listAccountSummaries(accounts, {}))).toHaveLength(50);
    expect(names(listAccountSummaries(accounts, { pageSize: "0" }))).toHaveLength(50);
    const coerced = body(listAccountSummaries(accounts, { pageSize: "1000" }));
    expect(names({ ok: true, body: coerced })).toHaveLength(200);
    const rest = listAccountSummaries(accounts, {
      pageSize: "1000",
      pageToken: coerced.nextPageToken as string,
    });
    expect(names(rest)).toHaveLength(60);
  });

  it("refuses a negative or non-numeric pageSize", () => {
    const negative = listAccountSummaries([account(1)], { pageSize: "-1" });
    expect(negative).toEqual({
      ok: false,
      error: {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: "pageSize must not be negative; got -1.",
      },
    });
    const text = listAccountSummaries([account(1)], { pageSize: "ten" });
    expect(text.ok ? undefined : text.error.message).toBe(
      `Invalid value at 'page_size' (TYPE_INT32), "ten"`,
    );
  });

  it("refuses a page token that was altered, is foreign, or comes with another pageSize", () => {
    const accounts = Array.from({ length: 5 }, (_, i) => account(i));
    const token = body(listAccountSummaries(accounts, { pageSize: "2" })).nextPageToken as string;
    const streamsToken = Buffer.from("2.abc").toString("base64url");
    for (const query of [
      { pageSize: "2", pageToken: "not-a-token" },
      { pageSize: "2", pageToken: `${token}x` },
      { pageSize: "2", pageToken: streamsToken },
      { pageSize: "3", pageToken: token },
    ]) {
      const result = listAccountSummaries(accounts, query);
      expect(result.ok ? undefined : result.error).toEqual({
        code: 400,
        status: "INVALID_ARGUMENT",
        message:
          "Invalid pageToken: use the nextPageToken of the previous page, with the same pageSize.",
      });
    }
  });
});

describe("getProperty", () => {
  it("answers the Property resource of §2.2", () => {
    const store = profile({
      propertyId: "312456789",
      displayName: "Northwind",
      timeZone: "Europe/London",
      currencyCode: "GBP",
      serviceLevel: "GOOGLE_ANALYTICS_360",
      createTime: "2024-02-01T10:00:00Z",
    });
    expect(getProperty(account(7), store)).toEqual({
      name: "properties/312456789",
      propertyType: "PROPERTY_TYPE_ORDINARY",
      createTime: "2024-02-01T10:00:00Z",
      updateTime: "2024-02-01T10:00:00Z",
      parent: "accounts/1007",
      displayName: "Northwind",
      industryCategory: "OTHER",
      timeZone: "Europe/London",
      currencyCode: "GBP",
      serviceLevel: "GOOGLE_ANALYTICS_360",
      account: "accounts/1007",
    });
  });
});

describe("listDataStreams", () => {
  it("answers one web stream with ids derived from the property id", () => {
    const store = profile({ propertyId: "312456789", defaultUri: "https://www.Northwind.example" });
    const streams = body(listDataStreams(store, {})).dataStreams as Record<string, unknown>[];
    expect(streams).toHaveLength(1);
    const [stream] = streams;
    expect(stream).toEqual({
      name: expect.stringMatching(/^properties\/312456789\/dataStreams\/[1-9]\d{9}$/),
      type: "WEB_DATA_STREAM",
      displayName: "northwind.example",
      createTime: store.createTime,
      updateTime: store.createTime,
      webStreamData: {
        measurementId: expect.stringMatching(/^G-[0-9A-Z]{10}$/),
        defaultUri: "https://www.Northwind.example",
      },
    });
    expect(listDataStreams(store, {})).toEqual(listDataStreams(store, {}));
    const other = body(listDataStreams(profile({ propertyId: "312456790" }), {}))
      .dataStreams as Record<string, unknown>[];
    expect(other[0]?.name).not.toBe(stream?.name);
  });

  it("leaves out an empty defaultUri", () => {
    const streams = body(listDataStreams(profile({ defaultUri: "" }), {})).dataStreams as {
      displayName: string;
      webStreamData: Record<string, unknown>;
    }[];
    expect(streams[0]?.webStreamData).not.toHaveProperty("defaultUri");
    expect(streams[0]?.displayName).toBe("Test Store");
  });

  it("pages like the other lists", () => {
    const store = profile();
    expect(body(listDataStreams(store, { pageSize: "1" }))).not.toHaveProperty("nextPageToken");
    const result = listDataStreams(store, { pageToken: "bogus" });
    expect(result.ok).toBe(false);
  });
});
