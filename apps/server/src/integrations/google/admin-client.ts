import {
  type AccountSummary,
  type DataStream,
  ListAccountSummariesResponseSchema,
  ListDataStreamsResponseSchema,
  type Property,
  PropertySchema,
} from "@utmost/contracts";
import { type ApiContext, callGoogleApi, propertyResourceName } from "./api-request.ts";
import { GoogleError } from "./errors.ts";
import type { GoogleSession } from "./google-session.ts";
import { type RetryOptions, retryPolicy } from "./retry.ts";

/** The Admin API list maximum; larger values are coerced down (ga4-protocol.md §2.1, §3.7). */
export const ADMIN_MAX_PAGE_SIZE = 200;

export interface GoogleAdminClientOptions {
  session: Pick<GoogleSession, "fetch">;
  /** `GoogleEndpoints.adminApiBaseUrl`. */
  baseUrl: string;
  /** Rows asked for per list page; Google may send fewer. */
  pageSize?: number;
  retry?: RetryOptions;
  timeoutMs?: number;
  now?: () => Date;
}

export interface GoogleAdminClient {
  /** Every account and property the user can see, all pages followed. */
  listAccountSummaries(): Promise<AccountSummary[]>;
  getProperty(propertyId: string): Promise<Property>;
  listDataStreams(propertyId: string): Promise<DataStream[]>;
  /**
   * The hosts of the property's web streams, normalised for comparison with `hostName` and
   * referrer values: no scheme, path or port, lower case, unique, empty ones left out.
   */
  listWebStreamHosts(propertyId: string): Promise<string[]>;
  /** Requests sent so far, retries included. */
  readonly apiCalls: number;
}

export function createGoogleAdminClient(options: GoogleAdminClientOptions): GoogleAdminClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const pageSize = Math.min(
    Math.max(1, options.pageSize ?? ADMIN_MAX_PAGE_SIZE),
    ADMIN_MAX_PAGE_SIZE,
  );
  let apiCalls = 0;
  const context: ApiContext = {
    session: options.session,
    retry: retryPolicy(options.retry),
    timeoutMs: options.timeoutMs ?? 60_000,
    now: options.now ?? (() => new Date()),
    onSend: () => {
      apiCalls++;
    },
  };

  /** Follows `nextPageToken` until it is absent (§2.1), refusing a token that repeats. */
  async function listAll<T>(
    path: string,
    fetchPage: (url: string) => Promise<{ items: T[]; nextPageToken?: string }>,
  ): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let pageToken: string | undefined;
    do {
      const url = new URL(`${baseUrl}${path}`);
      url.searchParams.set("pageSize", String(pageSize));
      if (pageToken) url.searchParams.set("pageToken", pageToken);
      const page = await fetchPage(url.toString());
      items.push(...page.items);
      pageToken = page.nextPageToken || undefined;
      if (pageToken !== undefined) {
        if (seen.has(pageToken)) {
          throw new GoogleError("GOOGLE_BAD_RESPONSE", `Google repeated a page token for ${path}`);
        }
        seen.add(pageToken);
      }
    } while (pageToken !== undefined);
    return items;
  }

  async function listDataStreams(propertyId: string): Promise<DataStream[]> {
    const property = propertyResourceName(propertyId);
    return listAll(`/v1beta/${property}/dataStreams`, async (url) => {
      const page = await callGoogleApi(
        context,
        { method: "GET", url },
        ListDataStreamsResponseSchema,
        "data stream list",
      );
      return { items: page.dataStreams, nextPageToken: page.nextPageToken };
    });
  }

  return {
    listAccountSummaries() {
      return listAll("/v1beta/accountSummaries", async (url) => {
        const page = await callGoogleApi(
          context,
          { method: "GET", url },
          ListAccountSummariesResponseSchema,
          "account summary list",
        );
        return { items: page.accountSummaries, nextPageToken: page.nextPageToken };
      });
    },

    async getProperty(propertyId) {
      const url = `${baseUrl}/v1beta/${propertyResourceName(propertyId)}`;
      return callGoogleApi(context, { method: "GET", url }, PropertySchema, "property");
    },

    listDataStreams,

    async listWebStreamHosts(propertyId) {
      const streams = await listDataStreams(propertyId);
      const hosts = new Set<string>();
      for (const stream of streams) {
        if (stream.type !== "WEB_DATA_STREAM") continue;
        const host = normaliseStreamHost(stream.webStreamData?.defaultUri);
        if (host) hosts.add(host);
      }
      return [...hosts];
    },

    get apiCalls() {
      return apiCalls;
    },
  };
}

/**
 * `defaultUri` is "Domain name of the web app being measured, or empty", with or without a scheme
 * (§2.3): "https://www.Example.com:8443/shop" becomes "www.example.com".
 */
export function normaliseStreamHost(defaultUri: string | undefined): string | undefined {
  const trimmed = defaultUri?.trim();
  if (!trimmed) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  if (!URL.canParse(withScheme)) return undefined;
  const host = new URL(withScheme).hostname.toLowerCase().replace(/\.$/, "");
  return host || undefined;
}
