import type { GrantLedger } from "./state/grants.ts";
import { type QuotaLedger, type QuotaWindow, windowKey } from "./state/quota.ts";
import type { World } from "./world.ts";

/** Ways a test or a demo makes the stand-in misbehave the way Google sometimes does. */
export interface FaultControl {
  /** Every access token issued so far is expired from now on. */
  expireAccessTokens(): void;
  /** Refresh and access tokens of matching grants stop working (invalid_grant / 401). */
  revokeGrants(filter?: { email?: string }): void;
  /** The Data API answers 429 RESOURCE_EXHAUSTED after N more report requests. */
  exhaustQuotaAfter(requests: number, window?: QuotaWindow): void;
  /** Delays every response. */
  setLatency(ms: number): void;
  /**
   * The next N matching Admin/Data API requests (`path`: a substring of the request path) fail
   * with Google's envelope for that status.
   */
  failNext(count: number, status: number, options?: { path?: string }): void;
  /**
   * The next N matching Admin/Data API responses are cut off mid-body: status 200, JSON content
   * type, a body that does not parse (a proxy or a dropped connection does this to Google).
   */
  garbleNext(count: number, options?: { path?: string }): void;
  /**
   * Back to how the stand-in started: no faults, no quota used, no consents, revocations or
   * spent codes, no users added since.
   */
  reset(): void;
}

interface PlannedFailure {
  remaining: number;
  status: number;
  path: string | undefined;
}

interface QuotaFault {
  window: QuotaWindow;
  allowance: number;
  /** The window in which the allowance ran out; quota comes back when the window rolls. */
  exhaustedIn?: string;
}

/** The injected misbehaviour the HTTP layer consults on every request. */
export class InjectedFaults {
  readonly #now: () => Date;
  latencyMs = 0;
  #failures: PlannedFailure[] = [];
  #garbled: PlannedFailure[] = [];
  #quota: QuotaFault | undefined;

  constructor(now: () => Date) {
    this.#now = now;
  }

  planFailures(count: number, status: number, path: string | undefined): void {
    if (count > 0) this.#failures.push({ remaining: count, status, path });
  }

  /** The status the request at this path must fail with, if a planned failure matches. */
  takeFailure(path: string): number | undefined {
    const failure = this.#failures.find(
      (candidate) => candidate.path === undefined || path.includes(candidate.path),
    );
    if (!failure) return undefined;
    failure.remaining -= 1;
    if (failure.remaining === 0) this.#failures.splice(this.#failures.indexOf(failure), 1);
    return failure.status;
  }

  planGarbled(count: number, path: string | undefined): void {
    if (count > 0) this.#garbled.push({ remaining: count, status: 200, path });
  }

  /** Whether the response at this path must be cut off, if a planned garbling matches. */
  takeGarbled(path: string): boolean {
    const garbled = this.#garbled.find(
      (candidate) => candidate.path === undefined || path.includes(candidate.path),
    );
    if (!garbled) return false;
    garbled.remaining -= 1;
    if (garbled.remaining === 0) this.#garbled.splice(this.#garbled.indexOf(garbled), 1);
    return true;
  }

  exhaustQuotaAfter(requests: number, window: QuotaWindow): void {
    this.#quota = { window, allowance: requests };
  }

  /** Counts one report request; returns the window whose quota is gone, if it is. */
  takeReportRequest(): QuotaWindow | undefined {
    const quota = this.#quota;
    if (!quota) return undefined;
    const current = windowKey(quota.window, this.#now());
    if (quota.exhaustedIn !== undefined) {
      if (quota.exhaustedIn === current) return quota.window;
      this.#quota = undefined;
      return undefined;
    }
    if (quota.allowance > 0) {
      quota.allowance -= 1;
      return undefined;
    }
    quota.exhaustedIn = current;
    return quota.window;
  }

  reset(): void {
    this.latencyMs = 0;
    this.#failures = [];
    this.#garbled = [];
    this.#quota = undefined;
  }
}

export function createFaultControl(state: {
  injected: InjectedFaults;
  grants: GrantLedger;
  quota: QuotaLedger;
  world: World;
}): FaultControl {
  const { injected, grants, quota, world } = state;
  return {
    expireAccessTokens: () => grants.expireAccessTokens(),
    revokeGrants(filter) {
      if (filter?.email === undefined) {
        grants.revokeEverything();
        return;
      }
      const user = world.findUser(filter.email);
      if (user) grants.revokeUser(user.sub);
    },
    exhaustQuotaAfter(requests, window = "hour") {
      injected.exhaustQuotaAfter(Math.max(0, Math.floor(requests)), window);
    },
    setLatency(ms) {
      injected.latencyMs = Math.max(0, ms);
    },
    failNext(count, status, options) {
      injected.planFailures(Math.floor(count), status, options?.path);
    },
    garbleNext(count, options) {
      injected.planGarbled(Math.floor(count), options?.path);
    },
    reset() {
      injected.reset();
      grants.reset();
      quota.reset();
      world.reset();
    },
  };
}
