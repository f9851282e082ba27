import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { NamingConventionsValues } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { LinkBuilderForm } from "./link-builder-form";

const WORKSPACE_ID = "3f1c2b9e-8a6d-4c1e-9b7a-2d5e6f7a8b9c";
const LINKS = `/api/workspaces/${WORKSPACE_ID}/links`;

function renderForm(
  conventions: NamingConventionsValues,
  handlers: Parameters<typeof stubFetch>[0] = {},
) {
  const fetchMock = stubFetch(handlers);
  renderRoutes(
    [
      {
        path: "/builder",
        element: <LinkBuilderForm workspaceId={WORKSPACE_ID} conventions={conventions} />,
      },
    ],
    "/builder",
  );
  return fetchMock;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

const saveButton = () =>
  screen.getByRole("button", { name: "Save to history" }) as HTMLButtonElement;

describe("the link builder form", () => {
  it("builds the link, predicts the channel and saves it", async () => {
    let posted: unknown;
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderForm(
      { medium: { allowed: ["cpc", "email"] } },
      {
        [`POST ${LINKS}`]: ({ body }) => {
          posted = body;
          return jsonResponse(201, {
            link: {
              id: "8b0f7a2e-1c3d-4e5f-9a8b-7c6d5e4f3a2b",
              baseUrl: "https://www.example.com/pricing",
              utmSource: "google",
              utmMedium: "cpc",
              utmCampaign: "brand",
              utmTerm: null,
              utmContent: null,
              utmId: null,
              url: "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=brand",
              predictedChannel: "Paid Search",
              createdByName: "Dana",
              canDelete: true,
              createdAt: "2026-11-20T10:00:00.000Z",
            },
          });
        },
      },
    );
    expect(saveButton().disabled).toBe(true);
    type("Website URL", "https://www.example.com/pricing#top");
    type("Campaign source", "google");
    type("Campaign medium", "cpc");
    type("Campaign name", "brand");

    expect(screen.getByTestId("built-url").textContent).toBe(
      "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=brand#top",
    );
    expect(screen.getByText("Predicted channel: Paid Search")).toBeTruthy();
    expect(screen.getByTestId("predicted-channel").textContent).toContain(
      "'google' is on GA4's list of search sites",
    );
    const medium = screen.getByLabelText("Campaign medium", { exact: false }) as HTMLInputElement;
    const options = [...(medium.list?.options ?? [])].map((option) => option.value);
    expect(options).toEqual(["cpc", "email"]);

    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(
      "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=brand#top",
    );

    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(posted).toEqual({
        baseUrl: "https://www.example.com/pricing#top",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "brand",
        utmTerm: "",
        utmContent: "",
        utmId: "",
      }),
    );
    expect(await screen.findByText("Link saved to history")).toBeTruthy();
  });

  it("completes an address typed without https:// and suggests a campaign without spaces", () => {
    renderForm({});
    const website = screen.getByLabelText("Website URL", { exact: false }) as HTMLInputElement;
    type("Website URL", "www.example.com/pricing");
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.blur(website);
    expect(website.value).toBe("https://www.example.com/pricing");

    type("Campaign source", "google");
    type("Campaign medium", "cpc");
    type("Campaign name", "Spring Sale");
    expect(screen.getByTestId("built-url").textContent).toBe(
      "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=Spring+Sale",
    );
    expect(screen.getByText('. Use "spring-sale"')).toBeTruthy();
    expect(screen.queryByText(/spring sale/)).toBeNull();
  });

  it("blocks a value outside the conventions and warns about the rest", () => {
    renderForm({ medium: { allowed: ["cpc", "email"] } });
    type("Website URL", "https://www.example.com/");
    type("Campaign source", "Google");
    type("Campaign medium", "Paid-Search");
    type("Campaign name", "brand");

    const error = screen.getByText(/utm_medium 'Paid-Search' is not one of 'cpc', 'email'/);
    expect(error.closest("li")?.getAttribute("role")).toBe("alert");
    expect(saveButton().disabled).toBe(true);
    const caseWarnings = screen.getAllByText(/Has upper-case letters/);
    expect(caseWarnings.map((warning) => warning.closest("li")?.textContent)).toEqual([
      expect.stringContaining('Use "google"'),
      expect.stringContaining('Use "paid-search"'),
    ]);

    type("Campaign medium", "cpc");
    expect(screen.queryByText(/is not one of/)).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("refuses a base URL that already has utm_ parameters, and says a medium GA4 files nowhere", () => {
    renderForm({});
    type("Website URL", "https://www.example.com/?utm_source=old");
    type("Campaign source", "flyer");
    type("Campaign medium", "qr");
    type("Campaign name", "spring");
    expect(screen.getByRole("alert").textContent).toBe(
      "The website URL already has utm_source: remove it and set the values in the fields below",
    );
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText("Predicted channel: Unassigned")).toBeTruthy();
    expect(screen.getByText(/'qr' is not a medium GA4's channel rules know/)).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    renderForm(
      {},
      {
        [`POST ${LINKS}`]: () =>
          jsonResponse(400, {
            error: { code: "VALIDATION_FAILED", message: "utm_medium 'cpc' is not one of 'email'" },
          }),
      },
    );
    type("Website URL", "https://www.example.com/");
    type("Campaign source", "google");
    type("Campaign medium", "cpc");
    type("Campaign name", "brand");
    fireEvent.click(saveButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not save the link: utm_medium 'cpc' is not one of 'email'",
    );
  });
});
