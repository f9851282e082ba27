import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { GdprRoute, PrivacyRoute, TermsRoute } from "./legal";

async function renderLegal(path: string, element: ReactElement) {
  stubFetch({
    "GET /api/session": () => jsonResponse(200, null),
  });
  renderRoutes([{ path, element }], path);
  return screen.findByRole("heading", { level: 1 });
}

const PAGES = [
  { path: "/privacy", element: <PrivacyRoute />, title: "Privacy Policy" },
  { path: "/terms", element: <TermsRoute />, title: "Terms of Service" },
  { path: "/gdpr", element: <GdprRoute />, title: "GDPR Compliance" },
];

/** The text of all three pages, whitespace collapsed, for the spec's facts. */
async function allLegalText(): Promise<string> {
  const texts: string[] = [];
  for (const page of PAGES) {
    const { unmount } = renderRoutes([{ path: page.path, element: page.element }], page.path);
    await screen.findByRole("heading", { level: 1, name: page.title });
    texts.push((document.querySelector("main")?.textContent ?? "").replace(/\s+/g, " "));
    unmount();
  }
  return texts.join("\n");
}

describe.each(PAGES)("$path", ({ path, element, title }) => {
  it("shows its title, the date and a table of contents whose every link has a target", async () => {
    const heading = await renderLegal(path, element);
    expect(heading.textContent).toBe(title);
    expect(screen.getByText("Last Updated: November 1, 2025")).toBeTruthy();

    const toc = screen.getByRole("navigation", { name: "Table of Contents" });
    const links = within(toc).getAllByRole("link");
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const href = link.getAttribute("href") ?? "";
      expect(href).toMatch(/^#[a-z0-9-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target, href).toBeTruthy();
      // The target is a section headed by the same title as the link.
      const sectionHeading = within(target as HTMLElement).getAllByRole("heading", { level: 2 })[0];
      expect(sectionHeading?.textContent).toContain(link.textContent);
    }
    const ids = links.map((link) => link.getAttribute("href"));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("/gdpr", () => {
  it("has the 16 numbered sections in the spec's order, then the contact box", async () => {
    await renderLegal("/gdpr", <GdprRoute />);

    const numbered = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent ?? "")
      .filter((text) => /^\d+\. /.test(text));
    expect(numbered).toEqual([
      "1. Introduction",
      "2. Data Controller",
      "3. Legal Basis for Processing",
      "4. Categories of Personal Data",
      "5. Purposes of Processing",
      "6. Data Processors",
      "7. International Data Transfers",
      "8. Data Retention",
      "9. Your Rights Under GDPR",
      "10. How to Exercise Your Rights",
      "11. Data Protection Officer",
      "12. Right to Lodge a Complaint",
      "13. Automated Decision-Making",
      "14. Data Breach Notification",
      "15. Cookies and Tracking",
      "16. Updates to This Policy",
    ]);
    const contact = document.getElementById("contact") as HTMLElement;
    expect(within(contact).getByRole("heading", { name: "Contact Us About GDPR" })).toBeTruthy();
    expect(within(contact).getByRole("link", { name: "privacy@utmost.app" })).toBeTruthy();
    // The contact box closes the page.
    expect(contact.nextElementSibling).toBeNull();
  });

  it("links to the privacy policy, the terms, the cookies section and the EU authorities", async () => {
    await renderLegal("/gdpr", <GdprRoute />);
    const hrefs = Array.from(document.querySelectorAll("main article a")).map((a) =>
      a.getAttribute("href"),
    );
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/privacy",
        "/terms",
        "/privacy#cookies",
        "https://edpb.europa.eu/about-edpb/about-edpb/members_en",
      ]),
    );
  });
});

describe("/privacy", () => {
  it("has a cookies section", async () => {
    await renderLegal("/privacy", <PrivacyRoute />);
    const cookies = document.getElementById("cookies") as HTMLElement;
    expect(within(cookies).getByRole("heading", { level: 2 }).textContent).toMatch(/Cookies$/);
    expect(cookies.textContent).toMatch(/Essential cookies do not need your consent/);
  });
});

describe("the legal pages together", () => {
  it("state every legal fact of spec §9", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, null),
    });
    const text = await allLegalText();

    for (const phrase of [
      "an individual trading as Utmost, based in Bengaluru, India",
      "Database and authentication host",
      "European Union",
      "Dodo Payments",
      "Google Analytics",
      "EU analytics service",
      "Email delivery service",
      "retries it up to 3 times",
      "7 days after the first failure, your account is downgraded",
      "at least 30 days' notice by email before a price change",
      "at least 16 years old",
      "deleted data is removed within 30 days",
      "Billing records (invoices, payments, refunds): 7 years",
      "Usage logs: 12 months",
      "up to 90 days",
      "24 months",
      "60-day notice",
      "the greater of the amounts you paid us in the 12 months before the event giving rise to the claim, or $100",
      "within one month",
      "by up to two more months",
      "manifestly unfounded, excessive or repetitive",
      "urgent security reports within 72 hours",
      "supervisory authority within 72 hours",
      "legal inquiries within 5 business days",
      "within 30 days",
      "within 5 to 10 business days",
      "7-day money-back guarantee",
      "within 14 days",
      "GDPR Rights Request - [Your Right]",
      "as CSV or JSON",
      "Essential cookies do not need your consent",
      "Analytics cookies need your consent",
      "Consent management is being implemented",
      "Consent (Art. 6(1)(a))",
      "Contract (Art. 6(1)(b))",
      "Legal obligation (Art. 6(1)(c))",
      "Legitimate interests (Art. 6(1)(f))",
      "We do not process special categories of personal data",
      "We do not make decisions based solely on automated processing",
      "privacy@utmost.app",
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });
});
