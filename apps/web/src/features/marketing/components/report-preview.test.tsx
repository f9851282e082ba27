import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReportPreview } from "./report-preview";

describe("the hero's report preview", () => {
  it("is one image to a screen reader, says what it shows and that its numbers are an example", () => {
    render(<ReportPreview />);
    const image = screen.getByRole("img", { name: /^Example health report/ });

    const label = image.getAttribute("aria-label") ?? "";
    expect(label).toContain("score 74 out of 100, grade C");
    expect(label).toContain("2 critical issues, 5 warnings and 34 passed checks");

    // What the eye sees carries the same numbers and says it is an example.
    const seen = within(image);
    expect(seen.getByText("Example data")).toBeTruthy();
    expect(seen.getByText("Example property")).toBeTruthy();
    expect(seen.getByText("74")).toBeTruthy();
    expect(seen.getByText("Internal links carrying UTMs")).toBeTruthy();
    expect(seen.getByText("Mediums GA4 files under Unassigned")).toBeTruthy();
    expect(image.querySelectorAll("li")).toHaveLength(4);
    expect(seen.getByText(/and 3 more warnings/)).toBeTruthy();

    // Nothing inside can take the focus: an image has no controls.
    expect(image.querySelector("a, button, input, [tabindex]")).toBeNull();
  });
});
