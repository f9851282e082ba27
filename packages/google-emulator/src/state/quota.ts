import type { PropertyProfile } from "../synthetic/types.ts";

/**
 * Data API Core quota per property (ga4-protocol.md §3.8): tokens per day, per hour, and per
 * hour for one project (here: one OAuth client) on one property; concurrent requests; server
 * errors per project per hour; potentially thresholded requests per hour. Every report's token
 * cost is charged here, and "If any quota for a property is exhausted, all requests to that
 * property will return Resource Exhausted errors" (data.proto, PropertyQuota): a report request
 * arriving while a bucket is spent gets 429.
 */

export interface QuotaLimits {
  tokensPerDay: number;
  tokensPerHour: number;
  tokensPerProjectPerHour: number;
  concurrentRequests: number;
  serverErrorsPerProjectPerHour: number;
  potentiallyThresholdedRequestsPerHour: number;
}

const STANDARD: QuotaLimits = {
  tokensPerDay: 200_000,
  tokensPerHour: 40_000,
  tokensPerProjectPerHour: 14_000,
  concurrentRequests: 10,
  serverErrorsPerProjectPerHour: 10,
  potentiallyThresholdedRequestsPerHour: 120,
};

const ANALYTICS_360: QuotaLimits = {
  tokensPerDay: 2_000_000,
  tokensPerHour: 400_000,
  tokensPerProjectPerHour: 140_000,
  concurrentRequests: 50,
  serverErrorsPerProjectPerHour: 50,
  potentiallyThresholdedRequestsPerHour: 120,
};

export function quotaLimits(serviceLevel: PropertyProfile["serviceLevel"]): QuotaLimits {
  return serviceLevel === "GOOGLE_ANALYTICS_360" ? ANALYTICS_360 : STANDARD;
}

export type QuotaWindow = "hour" | "day";

/** Which bucket ran out, in the order Google names them (§3.10). */
export type ExhaustedBucket =
  | "day"
  | "hour"
  | "project-hour"
  | "concurrent"
  | "server-errors"
  | "thresholded";

/**
 * The window a moment falls in. Hourly buckets refill on the hour; daily ones at midnight
 * Pacific time ("Daily quotas refresh at midnight PST", §3.8).
 */
export function windowKey(window: QuotaWindow, at: Date): string {
  if (window === "hour") return at.toISOString().slice(0, 13);
  return dateIn("America/Los_Angeles", at);
}

/** YYYY-MM-DD of a moment in an IANA time zone. */
export function dateIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

interface Counter {
  window: string;
  value: number;
}

/** Quota status as the Data API reports it: int32 numbers, zeros left out (proto3 JSON, §0). */
export interface QuotaStatus {
  consumed?: number;
  remaining?: number;
}

function quotaStatus(consumed: number, remaining: number): QuotaStatus {
  return {
    ...(consumed > 0 ? { consumed } : {}),
    ...(remaining > 0 ? { remaining } : {}),
  };
}

export class QuotaLedger {
  readonly #now: () => Date;
  #counters = new Map<string, Counter>();
  /** Report requests of each property being answered now, the one asking included. */
  #inFlight = new Map<string, number>();

  constructor(now: () => Date) {
    this.#now = now;
  }

  /**
   * The bucket that refuses a report request, if one does. The request itself is already
   * counted in flight (`begin`), so the 11th concurrent request of a standard property is the
   * first refused.
   */
  exhausted(propertyId: string, limits: QuotaLimits, project: string): ExhaustedBucket | undefined {
    if (this.#read("day", `day ${propertyId}`) >= limits.tokensPerDay) return "day";
    if (this.#read("hour", `hour ${propertyId}`) >= limits.tokensPerHour) return "hour";
    if (this.#read("hour", projectKey(propertyId, project)) >= limits.tokensPerProjectPerHour) {
      return "project-hour";
    }
    if ((this.#inFlight.get(propertyId) ?? 0) > limits.concurrentRequests) return "concurrent";
    if (
      this.#read("hour", errorsKey(propertyId, project)) >= limits.serverErrorsPerProjectPerHour
    ) {
      return "server-errors";
    }
    if (
      this.#read("hour", `thresholded ${propertyId}`) >=
      limits.potentiallyThresholdedRequestsPerHour
    ) {
      return "thresholded";
    }
    return undefined;
  }

  /** A report request to the property has arrived; `end` when it is answered. */
  begin(propertyId: string): void {
    this.#inFlight.set(propertyId, (this.#inFlight.get(propertyId) ?? 0) + 1);
  }

  end(propertyId: string): void {
    const left = (this.#inFlight.get(propertyId) ?? 0) - 1;
    if (left > 0) this.#inFlight.set(propertyId, left);
    else this.#inFlight.delete(propertyId);
  }

  /** Reports answered with potentially thresholded data: each report of a batch counts. */
  recordThresholded(propertyId: string, reports: number): void {
    this.#add("hour", `thresholded ${propertyId}`, reports);
  }

  charge(propertyId: string, project: string, tokens: number): void {
    this.#add("day", `day ${propertyId}`, tokens);
    this.#add("hour", `hour ${propertyId}`, tokens);
    this.#add("hour", projectKey(propertyId, project), tokens);
  }

  recordServerError(propertyId: string, project: string): void {
    this.#add("hour", errorsKey(propertyId, project), 1);
  }

  /** The `propertyQuota` object of a response; `consumed` is what this request cost. */
  status(
    propertyId: string,
    limits: QuotaLimits,
    project: string,
    consumed: number,
  ): Record<keyof QuotaLimits, QuotaStatus> {
    const left = (limit: number, used: number) => quotaStatus(consumed, Math.max(0, limit - used));
    const untouched = (remaining: number) => quotaStatus(0, Math.max(0, remaining));
    return {
      tokensPerDay: left(limits.tokensPerDay, this.#read("day", `day ${propertyId}`)),
      tokensPerHour: left(limits.tokensPerHour, this.#read("hour", `hour ${propertyId}`)),
      concurrentRequests: untouched(limits.concurrentRequests),
      serverErrorsPerProjectPerHour: untouched(
        limits.serverErrorsPerProjectPerHour - this.#read("hour", errorsKey(propertyId, project)),
      ),
      potentiallyThresholdedRequestsPerHour: untouched(
        limits.potentiallyThresholdedRequestsPerHour -
          this.#read("hour", `thresholded ${propertyId}`),
      ),
      tokensPerProjectPerHour: left(
        limits.tokensPerProjectPerHour,
        this.#read("hour", projectKey(propertyId, project)),
      ),
    };
  }

  /** Spent quota back; requests still in flight stay counted until they are answered. */
  reset(): void {
    this.#counters.clear();
  }

  #read(window: QuotaWindow, key: string): number {
    const counter = this.#counters.get(key);
    return counter && counter.window === windowKey(window, this.#now()) ? counter.value : 0;
  }

  #add(window: QuotaWindow, key: string, amount: number): void {
    this.#counters.set(key, {
      window: windowKey(window, this.#now()),
      value: this.#read(window, key) + amount,
    });
  }
}

function errorsKey(propertyId: string, project: string): string {
  return `errors ${propertyId} ${project}`;
}

function projectKey(propertyId: string, project: string): string {
  return `project ${propertyId} ${project}`;
}
