/**
 * The GA4 Admin API v1beta reads the product makes (ga4-protocol.md §2), as pure functions over
 * the accounts the HTTP layer found for the signed-in user. Responses follow proto3 JSON: an
 * account without properties has no `propertySummaries`, a user without accounts gets `{}`, and
 * the last page has no `nextPageToken`.
 */
import { createHash } from "node:crypto";
import type { GoogleApiError } from "../google-error.ts";
import type { PropertyProfile } from "../synthetic/types.ts";
import { type PageQuery, readPage } from "./page-token.ts";

export interface AccountView {
  accountId: string;
  displayName: string;
  properties: readonly PropertyProfile[];
}

export type AdminResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: GoogleApiError };

/** `GET v1beta/accountSummaries`, in the order the accounts are given. */
export function listAccountSummaries(
  accounts: readonly AccountView[],
  query: PageQuery,
): AdminResult {
  const page = readPage(query, "accountSummaries", accounts.length);
  if (!page.ok) return page;
  const body: Record<string, unknown> = {};
  const items = accounts.slice(page.start, page.end);
  if (items.length > 0) body.accountSummaries = items.map(accountSummary);
  if (page.nextPageToken !== undefined) body.nextPageToken = page.nextPageToken;
  return { ok: true, body };
}

function accountSummary(account: AccountView): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    name: `accountSummaries/${account.accountId}`,
    account: `accounts/${account.accountId}`,
    displayName: account.displayName,
  };
  if (account.properties.length > 0) {
    summary.propertySummaries = account.properties.map((property) => ({
      property: `properties/${property.propertyId}`,
      displayName: property.displayName,
      propertyType: "PROPERTY_TYPE_ORDINARY",
      parent: `accounts/${account.accountId}`,
    }));
  }
  return summary;
}

/**
 * `GET v1beta/properties/{id}` (§2.2). The profile has no industry and is never edited, so
 * `industryCategory` is OTHER and `updateTime` is the creation time; a live property has no
 * `deleteTime` / `expireTime`.
 */
export function getProperty(
  account: AccountView,
  profile: PropertyProfile,
): Record<string, unknown> {
  return {
    name: `properties/${profile.propertyId}`,
    propertyType: "PROPERTY_TYPE_ORDINARY",
    createTime: profile.createTime,
    updateTime: profile.createTime,
    parent: `accounts/${account.accountId}`,
    displayName: profile.displayName,
    industryCategory: "OTHER",
    timeZone: profile.timeZone,
    currencyCode: profile.currencyCode,
    serviceLevel: profile.serviceLevel,
    account: `accounts/${account.accountId}`,
  };
}

/** `GET v1beta/properties/{id}/dataStreams` (§2.3): the property's one web stream. */
export function listDataStreams(profile: PropertyProfile, query: PageQuery): AdminResult {
  const streams = [webStream(profile)];
  const page = readPage(query, `properties/${profile.propertyId}/dataStreams`, streams.length);
  if (!page.ok) return page;
  const body: Record<string, unknown> = {};
  const items = streams.slice(page.start, page.end);
  if (items.length > 0) body.dataStreams = items;
  if (page.nextPageToken !== undefined) body.nextPageToken = page.nextPageToken;
  return { ok: true, body };
}

const MEASUREMENT_ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Stream ids are stable across runs: a 10-digit stream id and a `G-` + 10 character measurement
 * id, both derived from the property id, as a real property keeps its stream for life.
 */
function streamIds(propertyId: string): { streamId: string; measurementId: string } {
  const digest = createHash("sha256").update(`web-stream:${propertyId}`).digest();
  const streamId = (digest.readBigUInt64BE(0) % 9_000_000_000n) + 1_000_000_000n;
  const code = Array.from(
    digest.subarray(8, 18),
    (byte) => MEASUREMENT_ID_ALPHABET[byte % MEASUREMENT_ID_ALPHABET.length],
  ).join("");
  return { streamId: String(streamId), measurementId: `G-${code}` };
}

function streamDisplayName(profile: PropertyProfile): string {
  if (!URL.canParse(profile.defaultUri)) return profile.displayName;
  return new URL(profile.defaultUri).hostname.replace(/^www\./, "");
}

function webStream(profile: PropertyProfile): Record<string, unknown> {
  const { streamId, measurementId } = streamIds(profile.propertyId);
  // defaultUri "may be empty" (§2.3); proto3 JSON then leaves it out.
  const webStreamData: Record<string, unknown> = { measurementId };
  if (profile.defaultUri !== "") webStreamData.defaultUri = profile.defaultUri;
  return {
    name: `properties/${profile.propertyId}/dataStreams/${streamId}`,
    type: "WEB_DATA_STREAM",
    displayName: streamDisplayName(profile),
    createTime: profile.createTime,
    updateTime: profile.createTime,
    webStreamData,
  };
}
