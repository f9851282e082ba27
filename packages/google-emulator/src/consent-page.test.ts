import { describe, expect, it } from "vitest";
import { escapeHtml, renderConsentPage, renderErrorPage } from "./consent-page.ts";

describe("consent page", () => {
  const hostile = `"><script>alert('x')</script>`;

  it("escapes every reflected value", () => {
    const html = renderConsentPage({
      appName: hostile,
      redirectOrigin: hostile,
      action: hostile,
      request: hostile,
      accounts: [{ sub: hostile, name: hostile, email: hostile, picture: hostile }],
      selectedSub: undefined,
      identityScopes: [hostile],
      optionalScopes: [{ scope: hostile, description: hostile }],
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain(escapeHtml(hostile));
    const error = renderErrorPage({
      status: 400,
      error: hostile,
      heading: hostile,
      description: hostile,
      details: [[hostile, hostile]],
    });
    expect(error).not.toContain("<script>");
  });

  it("says it is the offline stand-in and offers Allow and Deny", () => {
    const html = renderConsentPage({
      appName: "Utmost",
      redirectOrigin: "http://localhost:3000",
      action: "/o/oauth2/v2/auth",
      request: "r",
      accounts: [
        { sub: "1", name: "A", email: "a@x.test", picture: "data:," },
        { sub: "2", name: "B", email: "b@x.test", picture: "data:," },
      ],
      selectedSub: "2",
      identityScopes: ["See your email"],
      optionalScopes: [],
    });
    expect(html).toContain("Offline Google stand-in");
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    expect(html).toMatch(/value="2" checked/);
    expect(html).not.toMatch(/value="1" checked/);
  });
});
