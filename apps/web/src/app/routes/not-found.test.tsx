import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "@/testing/render";
import { routes } from "../router";

describe("not-found page", () => {
  it("answers an unknown path with 404 and a way home", async () => {
    renderRoutes(routes, "/no/such/page");

    expect(await screen.findByText("404")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("answers an unknown settings tab with the 404 page", async () => {
    renderRoutes(routes, "/settings/unknown");

    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
  });
});
