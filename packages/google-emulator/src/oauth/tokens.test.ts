import { describe, expect, it } from "vitest";
import { createTokenSigner, type RefreshTokenClaims } from "./tokens.ts";

const CLAIMS: RefreshTokenClaims = {
  sub: "104672935184627390125",
  clientId: "client",
  grant: { boot: "b", seq: 1 },
  offline: true,
  scopes: ["openid"],
};

describe("signed tokens", () => {
  const signer = createTokenSigner("secret");

  it("round-trips claims with Google's prefixes", () => {
    const token = signer.seal("refresh", CLAIMS);
    expect(token).toMatch(/^1\/\//);
    expect(signer.open("refresh", token)).toEqual(CLAIMS);
  });

  it("refuses a token of another kind, another secret, or with an edited payload", () => {
    const token = signer.seal("refresh", CLAIMS);
    expect(signer.open("access", `ya29.${token.slice(3)}`)).toBeUndefined();
    expect(createTokenSigner("other").open("refresh", token)).toBeUndefined();
    const [body = "", mac = ""] = token.slice(3).split(".");
    const edited = Buffer.from(
      Buffer.from(body, "base64url").toString().replace("client", "evil"),
    ).toString("base64url");
    expect(signer.open("refresh", `1//${edited}.${mac}`)).toBeUndefined();
    expect(signer.open("refresh", "1//garbage")).toBeUndefined();
  });
});
