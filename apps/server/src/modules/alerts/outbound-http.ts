import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

/**
 * Posting an alert to a Slack or webhook URL the user typed (ADR 010). Unless private networks
 * are allowed, the host must resolve only to public addresses: every address the lookup returns is
 * checked, and the connection goes to a checked address (the check sits in the socket's own
 * lookup, so a second resolution cannot swap in another). Redirects are not followed; the answer
 * must come within the timeout; only the first bytes of it are read.
 */

export interface OutboundOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  /** At most the first 2 KB of the answer, for the delivery log. */
  text: string;
}

/** Why a destination was not reached; `permanent` when retrying cannot help. */
export class OutboundError extends Error {
  readonly permanent: boolean;
  readonly refused: boolean;

  constructor(message: string, options: { permanent: boolean; refused?: boolean }) {
    super(message);
    this.name = "OutboundError";
    this.permanent = options.permanent;
    this.refused = options.refused ?? false;
  }
}

const MAX_ANSWER_BYTES = 2048;

/**
 * Special-purpose ranges (RFC 6890 and the IANA registries): loopback, private, carrier-grade
 * NAT, link-local (cloud metadata lives at 169.254.169.254), documentation, benchmarking,
 * multicast, reserved, unique-local and the IPv4-mapped and translated forms.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d or ::ffff:xxxx:xxxx): judged as the IPv4 address it carries.
  const mapped = /^(?:0{0,4}:){0,5}ffff:(.+)$/.exec(lower.startsWith("::") ? lower : "")?.[1];
  if (mapped !== undefined) {
    if (isIP(mapped) === 4) return isPublicAddress(mapped);
    const parts = mapped.split(":");
    if (parts.length === 2) {
      const [high, low] = parts.map((part) => Number.parseInt(part, 16)) as [number, number];
      return isPublicAddress(
        [high >> 8, high & 255, low >> 8, low & 255].map((byte) => byte.toString()).join("."),
      );
    }
    return false;
  }
  return !NON_PUBLIC.check(lower, "ipv6");
}

function refusal(address: string): OutboundError {
  return new OutboundError(
    `The destination resolves to ${address}, a private or loopback address, which this server does not allow`,
    { permanent: true, refused: true },
  );
}

function familyNumber(family: LookupOptions["family"]): 0 | 4 | 6 {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

/** dns.lookup with every answer checked; the socket connects to the first of them. */
function checkedLookup(allowPrivateNetworks: boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: familyNumber(options.family) }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowPrivateNetworks) {
        const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
        if (blocked) return callback(refusal(blocked.address), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error("No address"), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** POSTs `body` as JSON; resolves with any HTTP answer, rejects with an OutboundError. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(
      new OutboundError("The destination is not a valid URL", { permanent: true }),
    );
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    return Promise.reject(
      new OutboundError("The destination must be an http:// or https:// URL", { permanent: true }),
    );
  }
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !options.allowPrivateNetworks && !isPublicAddress(literal)) {
    return Promise.reject(refusal(literal));
  }

  const client = target.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body).toString(),
          "user-agent": "Utmost-Alerts/1",
          ...headers,
        },
        lookup: checkedLookup(options.allowPrivateNetworks),
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8"),
          });
        });
        response.on("error", (error) => reject(describe(error, signal, options.timeoutMs)));
      },
    );
    request.on("error", (error) => reject(describe(error, signal, options.timeoutMs)));
    request.end(body);
  });
}

function describe(error: unknown, signal: AbortSignal, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return new OutboundError(
      `The destination did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`,
      { permanent: false },
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code ?? (error instanceof Error ? error.message : "unknown error");
  return new OutboundError(`Could not reach the destination (${reason})`, { permanent: false });
}
