import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePageTitle } from "@/components/layout/page-title";
import { renderRoutes } from "@/testing/render";
import { documentTitle, SITE_TITLE } from "./document-title";
import { RootErrorRoute, RootRoute } from "./routes/root";

function LoadedName() {
  usePageTitle("Acme Store");
  return <p>report</p>;
}

describe("the browser tab's title", () => {
  afterEach(() => {
    document.title = "";
  });

  it("joins the route's title, what the page loaded and the site", () => {
    expect(documentTitle("Pricing", null)).toBe("Pricing | Utmost");
    expect(documentTitle("Health Report", "Acme Store")).toBe(
      "Health Report - Acme Store | Utmost",
    );
    expect(documentTitle(null, null)).toBe(SITE_TITLE);
  });

  it("follows the deepest route with a title, and the landing page keeps the site's", async () => {
    const routes = [
      {
        element: <RootRoute />,
        children: [
          { path: "/", element: <p>home</p> },
          { path: "/privacy", element: <p>privacy</p>, handle: { title: "Privacy Policy" } },
          { path: "/report", element: <LoadedName />, handle: { title: "Health Report" } },
        ],
      },
    ];
    const { router } = renderRoutes(routes, "/privacy");
    await waitFor(() => expect(document.title).toBe("Privacy Policy | Utmost"));
    await router.navigate("/report");
    await waitFor(() => expect(document.title).toBe("Health Report - Acme Store | Utmost"));
    await router.navigate("/");
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
  });

  it("names the error screens, which stand outside the root route", async () => {
    function Throws(): never {
      throw new Error("boom");
    }
    const routes = [
      {
        element: <RootRoute />,
        errorElement: <RootErrorRoute />,
        children: [
          { path: "/", element: <p>home</p> },
          { path: "/broken", element: <Throws />, handle: { title: "Settings" } },
        ],
      },
    ];
    renderRoutes(routes, "/broken");
    await waitFor(() => expect(document.title).toBe("Something went wrong | Utmost"));
    // React Router reports the thrown error through console.error, as it should.
    const errors = vi.mocked(console.error);
    expect(
      errors.mock.calls.flat().some((arg) => arg instanceof Error && arg.message === "boom"),
    ).toBe(true);
    errors.mockClear();
  });
});
