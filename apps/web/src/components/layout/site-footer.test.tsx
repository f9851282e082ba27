import { screen, within } from "@testing-library/react";
import { isValidElement } from "react";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { RequireAuth } from "@/app/require-auth";
import { routes } from "@/app/router";
import { renderRoutes } from "@/testing/render";
import { SiteFooter } from "./site-footer";

/** Whether a visitor who is not signed in can open `href`: a route of its own, not the guard's. */
function isPublicRoute(href: string): boolean {
  const pathname = new URL(href, "http://localhost").pathname;
  const branch = matchRoutes(routes, pathname) ?? [];
  const leaf = branch.at(-1)?.route;
  if (!leaf || leaf.path === "*") return false;
  return !branch.some(
    ({ route }) => isValidElement(route.element) && route.element.type === RequireAuth,
  );
}

describe("the public footer", () => {
  it("labels its groups and links only public pages that exist", () => {
    renderRoutes([{ path: "/", element: <SiteFooter /> }], "/");
    const footer = within(screen.getByRole("contentinfo"));

    expect(footer.getAllByRole("navigation")).toHaveLength(3);
    const legal = within(footer.getByRole("navigation", { name: "Legal" }));
    // Spec §2: the footer links /privacy, /terms and /gdpr.
    for (const [name, href] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["GDPR", "/gdpr"],
    ]) {
      expect(legal.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(footer.getByRole("navigation", { name: "Resources" })).toBeTruthy();
    expect(footer.getByRole("navigation", { name: "Product" })).toBeTruthy();

    const hrefs = footer
      .getAllByRole("link")
      .map((link) => link.getAttribute("href") ?? "")
      .filter((href) => href.startsWith("/"));
    expect(hrefs.length).toBeGreaterThan(8);
    expect(hrefs.filter((href) => !isPublicRoute(href))).toEqual([]);
  });

  it("gives the support address and this year's copyright", () => {
    renderRoutes([{ path: "/", element: <SiteFooter /> }], "/");
    const footer = within(screen.getByRole("contentinfo"));

    const contact = within(footer.getByRole("region", { name: "Contact" }));
    expect(contact.getByRole("link", { name: "support@utmost.app" }).getAttribute("href")).toBe(
      "mailto:support@utmost.app",
    );
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()} Utmost`))).toBeTruthy();
  });
});

describe("isPublicRoute", () => {
  it("tells a public page from a guarded one and from no page at all", () => {
    expect(isPublicRoute("/privacy#cookies")).toBe(true);
    expect(isPublicRoute("/builder")).toBe(false);
    expect(isPublicRoute("/no-such-page")).toBe(false);
  });
});
