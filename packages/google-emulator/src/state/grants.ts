import { randomBytes } from "node:crypto";
import { mergeScopes } from "../oauth/scopes.ts";
import type { GrantRef, RefreshTokenClaims, Stamp } from "../oauth/tokens.ts";

/**
 * What the stand-in remembers about consents in memory: which user approved which client for
 * which scopes, revocations, forced expiries and spent codes. Tokens carry everything else, so
 * losing this on a restart revives nothing that was valid, only what was revoked or spent.
 *
 * Revocations and forced expiries are cut-off points in issuing order (`Stamp`) rather than
 * lists of tokens: a token from an earlier process run is, by construction, older than any
 * cut-off taken in this one.
 */

/**
 * Google: "There is currently a limit of 100 refresh tokens per Google Account per OAuth 2.0
 * client ID. If the limit is reached, creating a new refresh token automatically invalidates the
 * oldest refresh token without warning."
 * (https://developers.google.com/identity/protocols/oauth2#expiration)
 */
export const REFRESH_TOKENS_PER_CLIENT = 100;

interface Consent {
  grant: Stamp;
  scopes: string[];
  offline: boolean;
}

export interface ConsentOutcome {
  grant: Stamp;
  /** What the issued tokens cover. */
  scopes: string[];
  /** Google sends a refresh token on the first offline consent, or when consent is forced (§1.5). */
  issueRefreshToken: boolean;
}

export class GrantLedger {
  readonly #boot = randomBytes(6).toString("base64url");
  #seq = 0;
  #consents = new Map<string, Consent>();
  #revokedEverything: Stamp | undefined;
  #revokedUsers = new Map<string, Stamp>();
  #revokedPairs = new Map<string, Stamp>();
  #accessTokensExpired: Stamp | undefined;
  /** Per user and client, the live refresh tokens issued in this run, oldest first. */
  #refreshTokens = new Map<string, Stamp[]>();
  /** Per user and client, the newest refresh token pushed out by the limit. */
  #refreshTokensDropped = new Map<string, Stamp>();
  /** Spent code ids, with when the code would have expired anyway (for pruning). */
  #spentCodes = new Map<string, number>();

  stamp(): Stamp {
    this.#seq += 1;
    return { boot: this.#boot, seq: this.#seq };
  }

  consent(
    sub: string,
    clientId: string,
    requested: readonly string[],
    options: { offline: boolean; forceConsent: boolean; includeGrantedScopes: boolean },
  ): ConsentOutcome {
    const key = pairKey(sub, clientId);
    const existing = this.#consents.get(key);
    const before = existing?.scopes ?? [];
    const addsScopes = requested.some((scope) => !before.includes(scope));
    const record: Consent = {
      grant: existing?.grant ?? this.stamp(),
      scopes: mergeScopes(before, requested),
      offline: (existing?.offline ?? false) || options.offline,
    };
    this.#consents.set(key, record);
    return {
      grant: record.grant,
      scopes: options.includeGrantedScopes ? mergeScopes(requested, before) : [...requested],
      issueRefreshToken:
        options.offline && (options.forceConsent || !existing?.offline || addsScopes),
    };
  }

  /** The consent on record, if the user approved this client and has not revoked it since. */
  existingConsent(sub: string, clientId: string): { scopes: readonly string[] } | undefined {
    return this.#consents.get(pairKey(sub, clientId));
  }

  /**
   * The issuing stamp of a new refresh token. The 101st live one of a user and client invalidates
   * the oldest; tokens from an earlier run are older than any of this run's.
   */
  issueRefreshToken(sub: string, clientId: string): Stamp {
    const key = pairKey(sub, clientId);
    const issued = this.stamp();
    const live = [...(this.#refreshTokens.get(key) ?? []), issued];
    const dropped = live.length > REFRESH_TOKENS_PER_CLIENT ? live.shift() : undefined;
    if (dropped) this.#refreshTokensDropped.set(key, dropped);
    this.#refreshTokens.set(key, live);
    return issued;
  }

  /** Whether a refresh token still works: its grant is live and the limit has not dropped it. */
  isRefreshTokenLive(token: RefreshTokenClaims): boolean {
    if (!this.isLive(token)) return false;
    const dropped = this.#refreshTokensDropped.get(pairKey(token.sub, token.clientId));
    if (dropped === undefined) return true;
    return token.issued !== undefined && !this.#atOrBefore(token.issued, dropped);
  }

  isLive(ref: GrantRef): boolean {
    const cutoffs = [
      this.#revokedEverything,
      this.#revokedUsers.get(ref.sub),
      this.#revokedPairs.get(pairKey(ref.sub, ref.clientId)),
    ];
    return !cutoffs.some((cutoff) => cutoff !== undefined && this.#atOrBefore(ref.grant, cutoff));
  }

  /** What revoking one token does at Google: the app loses the user's consent (§1.8). */
  revokeGrant(sub: string, clientId: string): void {
    const key = pairKey(sub, clientId);
    this.#revokedPairs.set(key, this.stamp());
    this.#consents.delete(key);
    this.#forgetRefreshTokens((pair) => pair === key);
  }

  revokeUser(sub: string): void {
    this.#revokedUsers.set(sub, this.stamp());
    for (const key of this.#consents.keys()) {
      if (key.startsWith(`${sub}\n`)) this.#consents.delete(key);
    }
    this.#forgetRefreshTokens((pair) => pair.startsWith(`${sub}\n`));
  }

  revokeEverything(): void {
    this.#revokedEverything = this.stamp();
    this.#consents.clear();
    this.#forgetRefreshTokens(() => true);
  }

  expireAccessTokens(): void {
    this.#accessTokensExpired = this.stamp();
  }

  isAccessTokenForcedExpired(issued: Stamp): boolean {
    return (
      this.#accessTokensExpired !== undefined && this.#atOrBefore(issued, this.#accessTokensExpired)
    );
  }

  /** Marks a code spent; false when it already was (codes are single-use, §1.4). */
  spendCode(jti: string, expiresAt: number, nowMs: number): boolean {
    for (const [id, expiry] of this.#spentCodes) {
      if (expiry < nowMs) this.#spentCodes.delete(id);
    }
    if (this.#spentCodes.has(jti)) return false;
    this.#spentCodes.set(jti, expiresAt);
    return true;
  }

  reset(): void {
    this.#consents.clear();
    this.#revokedEverything = undefined;
    this.#revokedUsers.clear();
    this.#revokedPairs.clear();
    this.#accessTokensExpired = undefined;
    this.#spentCodes.clear();
    this.#forgetRefreshTokens(() => true);
  }

  /** A revocation kills the pair's tokens itself, so they no longer count towards the limit. */
  #forgetRefreshTokens(matches: (pair: string) => boolean): void {
    for (const pair of [...this.#refreshTokens.keys()]) {
      if (!matches(pair)) continue;
      this.#refreshTokens.delete(pair);
      this.#refreshTokensDropped.delete(pair);
    }
  }

  #atOrBefore(stamp: Stamp, cutoff: Stamp): boolean {
    return stamp.boot !== this.#boot || stamp.seq <= cutoff.seq;
  }
}

function pairKey(sub: string, clientId: string): string {
  return `${sub}\n${clientId}`;
}
