import { describe, expect, it } from "vitest";
import {
  inertHtml,
  inertSubject,
  inertText,
  invitationMail,
  passwordResetMail,
} from "./templates.ts";

/** Issue 21, finding 4: other people's text never arrives in our mail as a link. */
describe("neutralising other people's text in mail", () => {
  const lure = "Your account is locked - verify at https://evil.example/login or www.evil.example";

  it("defangs URLs and domain names in text parts", () => {
    expect(inertText(lure)).toBe(
      "Your account is locked - verify at https[:]//evil[.]example/login or www[.]evil[.]example",
    );
    expect(inertText("mail me: boss@evil.example")).toBe("mail me: boss@evil[.]example");
    // Numbers, versions and sentences keep their dots.
    expect(inertText("Score 2.5 of 10. Acme Inc. v1.2")).toBe("Score 2.5 of 10. Acme Inc. v1.2");
  });

  it("escapes HTML and breaks links with zero-width non-joiners", () => {
    const html = inertHtml(`<a href="https://evil.example">Acme & Co</a>`);
    expect(html).not.toContain("<a");
    expect(html).toContain("&#38;");
    expect(html).toContain("https:\u200C//evil.\u200Cexample");
    expect(html.replaceAll("\u200C", "")).toContain("https://evil.example");
  });

  it("keeps a subject on one line, without links", () => {
    expect(inertSubject("Acme\r\nBcc: victim@example.com\tvisit evil.example")).toBe(
      "Acme Bcc: victim@example[.]com visit evil[.]example",
    );
  });

  it("neutralises an invitation's names and keeps its own link whole", () => {
    const mail = invitationMail({
      to: "sam@example.com",
      inviterName: "IT desk http://evil.example",
      workspaceName: lure,
      role: "member",
      url: "https://utmost.example.com/invite/accept?token=abc",
      expiresAt: new Date("2026-12-01T00:00:00Z"),
    });
    for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toContain("evil.example");
    }
    expect(mail.text).toContain("https://utmost.example.com/invite/accept?token=abc");
    expect(mail.html).toContain('href="https://utmost.example.com/invite/accept?token=abc"');
  });

  it("neutralises the account's name in a password reset and keeps the reset link whole", () => {
    const url = "http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2Freset-password";
    const mail = passwordResetMail("owner@example.com", lure, url);
    expect(mail.text).toContain("https[:]//evil[.]example/login");
    expect(mail.text).not.toContain("https://evil.example");
    expect(mail.text).toContain(url);
    expect(mail.html).not.toContain("https://evil.example");
    expect(mail.html).toContain(`href="${url}"`);
  });
});
