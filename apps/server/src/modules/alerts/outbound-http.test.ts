import { describe, expect, it } from "vitest";
import { isPublicAddress, OutboundError, postJson } from "./outbound-http.ts";
import { signWebhook, verifyWebhook } from "./webhook-signature.ts";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("postJson", () => {
  const refuse = { allowPrivateNetworks: false, timeoutMs: 2000 };

  it.each([
    "http://127.0.0.1:9/hook",
    "http://[::1]:9/hook",
    "http://localhost:9/hook",
    "http://169.254.169.254/latest/meta-data",
  ])("refuses %s before connecting when private networks are not allowed", async (url) => {
    const error = await postJson(url, "{}", {}, refuse).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ permanent: true, refused: true });
    expect((error as Error).message).toMatch(/private or loopback address/);
  });

  it("refuses schemes other than http and https", async () => {
    await expect(postJson("file:///etc/passwd", "{}", {}, refuse)).rejects.toMatchObject({
      permanent: true,
      refused: false,
    });
  });

  it("says when nothing listens, as a failure worth retrying", async () => {
    const error = await postJson(
      "http://127.0.0.1:9/hook",
      "{}",
      {},
      { allowPrivateNetworks: true, timeoutMs: 2000 },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ permanent: false, refused: false });
    expect((error as Error).message).toMatch(/Could not reach the destination/);
  });
});

describe("webhook signatures", () => {
  const secret = "whsec_test-secret";
  const body = JSON.stringify({ version: "2026-11-01", event: "alert.test" });

  it("is the hex HMAC-SHA256 of the timestamp, a dot and the body", () => {
    // Reference value from: printf '%s' "1790000000.$body" | openssl dgst -sha256 -hmac "$secret"
    expect(signWebhook(secret, 1_790_000_000, body)).toBe(
      "d27b9838cdb87406bfef2291374d01c6f1a17cdcda13b84af700323a480283e4",
    );
    expect(signWebhook(secret, 1_790_000_000, body)).not.toBe(
      signWebhook(secret, 1_790_000_001, body),
    );
  });

  it("verifies, and refuses another body, another secret or an old timestamp", () => {
    const signature = signWebhook(secret, 1_790_000_000, body);
    const input = { secret, timestamp: "1790000000", body, signature, nowSeconds: 1_790_000_100 };
    expect(verifyWebhook(input)).toBe(true);
    expect(verifyWebhook({ ...input, body: `${body} ` })).toBe(false);
    expect(verifyWebhook({ ...input, secret: "whsec_other" })).toBe(false);
    expect(verifyWebhook({ ...input, nowSeconds: 1_790_000_000 + 301 })).toBe(false);
  });
});
