import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Report } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { PdfReportCard } from "./pdf-report-card";

const DATA_SOURCE_ID = "6f1c2d3e-4a5b-4c6d-8e7f-901234567890";
const REPORT_ID = "0a1b2c3d-4e5f-4061-8a9b-0c1d2e3f4a5b";

function report(overrides: Partial<Report> = {}): Report {
  return {
    id: REPORT_ID,
    dataSourceId: DATA_SOURCE_ID,
    scanId: crypto.randomUUID(),
    status: "pending",
    fileName: null,
    sizeBytes: null,
    errorMessage: null,
    createdAt: "2026-11-24T10:00:00.000Z",
    completedAt: null,
    downloadUrl: `/api/reports/${REPORT_ID}/download`,
    ...overrides,
  };
}

function renderCard(
  whiteLabelReports: boolean | undefined,
  handlers: Parameters<typeof stubFetch>[0] = {},
  recent: Report[] = [],
) {
  const fetchMock = stubFetch({
    [`GET /api/data-sources/${DATA_SOURCE_ID}/reports`]: () =>
      jsonResponse(200, { reports: recent }),
    ...handlers,
  });
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <PdfReportCard dataSourceId={DATA_SOURCE_ID} whiteLabelReports={whiteLabelReports} />
        ),
      },
    ],
    "/",
  );
  return fetchMock;
}

const generate = () => screen.getByRole("button", { name: "Generate PDF report" });

describe("the PDF report card", () => {
  it("generates a report, follows it while pending, then offers the download", async () => {
    const answers = [
      report(),
      report(),
      report({
        status: "ready",
        fileName: "northwind-digital-acme-store-2026-11-24.pdf",
        sizeBytes: 48_000,
        completedAt: "2026-11-24T10:00:04.000Z",
      }),
    ];
    const fetchMock = renderCard(true, {
      [`POST /api/data-sources/${DATA_SOURCE_ID}/reports`]: () =>
        jsonResponse(202, { report: report() }),
      [`GET /api/reports/${REPORT_ID}`]: () =>
        jsonResponse(200, { report: answers.shift() ?? answers.at(-1) }),
    });

    fireEvent.click(generate());
    expect(await screen.findByText(/Generating the PDF report/)).toBeTruthy();
    expect(generate()).toHaveProperty("disabled", true);

    const link = await screen.findByRole("link", { name: "Download PDF" }, { timeout: 6000 });
    expect(link.getAttribute("href")).toBe(`/api/reports/${REPORT_ID}/download`);
    expect(link.getAttribute("download")).toBe("northwind-digital-acme-store-2026-11-24.pdf");
    expect(screen.getByText("northwind-digital-acme-store-2026-11-24.pdf (47 KB)")).toBeTruthy();
    expect(screen.queryByText(/Generating the PDF report/)).toBeNull();
    expect(generate()).toHaveProperty("disabled", false);
    const polls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith(REPORT_ID));
    expect(polls.length).toBeGreaterThanOrEqual(3);
  }, 10_000);

  it("offers the property's latest report after a reload", async () => {
    const ready = report({
      status: "ready",
      fileName: "northwind-digital-acme-store-2026-11-23.pdf",
      sizeBytes: 2 * 1024 * 1024,
      completedAt: "2026-11-23T10:00:04.000Z",
    });
    renderCard(
      true,
      { [`GET /api/reports/${REPORT_ID}`]: () => jsonResponse(200, { report: ready }) },
      [ready],
    );
    const link = await screen.findByRole("link", { name: "Download PDF" });
    expect(link.getAttribute("href")).toBe(`/api/reports/${REPORT_ID}/download`);
    expect(screen.getByText("northwind-digital-acme-store-2026-11-23.pdf (2.0 MB)")).toBeTruthy();
    expect(generate()).toHaveProperty("disabled", false);
  });

  it("shows why a report failed", async () => {
    renderCard(true, {
      [`POST /api/data-sources/${DATA_SOURCE_ID}/reports`]: () =>
        jsonResponse(202, { report: report() }),
      [`GET /api/reports/${REPORT_ID}`]: () =>
        jsonResponse(200, {
          report: report({
            status: "failed",
            errorMessage: "The audit this report shows was deleted. Generate a new report.",
          }),
        }),
    });
    fireEvent.click(generate());
    expect(await screen.findByText("The PDF report could not be generated")).toBeTruthy();
    expect(
      screen.getByText("The audit this report shows was deleted. Generate a new report."),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download PDF" })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    renderCard(true, {
      [`POST /api/data-sources/${DATA_SOURCE_ID}/reports`]: () =>
        jsonResponse(409, {
          error: {
            code: "CONFLICT",
            message:
              "This property has no completed audit yet. Run an audit, then generate the report.",
          },
        }),
    });
    fireEvent.click(generate());
    expect(
      await screen.findByText(
        "Failed to generate the PDF report: This property has no completed audit yet. Run an audit, then generate the report.",
      ),
    ).toBeTruthy();
  });

  it("is off, with the plan that has it, on plans without white-label reports", async () => {
    const fetchMock = renderCard(false);
    expect(generate()).toHaveProperty("disabled", true);
    expect(
      screen.getByText("White-label PDF reports are part of the Agency plan and above."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
