import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PropertyStatusBadge } from "./property-status-badge";

describe("PropertyStatusBadge", () => {
  it.each([
    [{ isActive: true, pausedByPlan: false }, "Active"],
    [{ isActive: false, pausedByPlan: false }, "Inactive"],
    [{ isActive: false, pausedByPlan: true }, "Inactive: over plan limit"],
  ])("shows %o as %s", (dataSource, label) => {
    render(<PropertyStatusBadge dataSource={dataSource} />);
    expect(screen.getByText(label, { exact: true })).toBeTruthy();
  });
});
