import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TESTIMONIALS } from "../testimonials";
import { TestimonialsCarousel } from "./testimonials-carousel";

function renderCarousel() {
  render(<TestimonialsCarousel testimonials={TESTIMONIALS} />);
  return screen.getByRole("region", { name: "Testimonials" });
}

/** The one slide a screen reader or a sighted visitor gets: the others are hidden and inert. */
function visibleSlide(): HTMLElement {
  const slides = screen.getAllByRole("group");
  expect(slides).toHaveLength(1);
  return slides[0] as HTMLElement;
}

function slidesElement(): HTMLElement {
  return visibleSlide().parentElement as HTMLElement;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("TestimonialsCarousel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a labelled carousel of five slides, turning every 5 s without announcing", () => {
    const region = renderCarousel();
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    const slides = region.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((slide) => slide.getAttribute("aria-label"))).toEqual([
      "1 of 5",
      "2 of 5",
      "3 of 5",
      "4 of 5",
      "5 of 5",
    ]);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
    expect(visibleSlide().textContent).toContain(TESTIMONIALS[0]?.name);
    expect(slidesElement().getAttribute("aria-live")).toBe("off");

    advance(4_999);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
    advance(1);
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");
    expect(visibleSlide().textContent).toContain(TESTIMONIALS[1]?.name);
  });

  it("loops from the fifth testimonial back to the first", () => {
    renderCarousel();
    // One turn at a time: each slide schedules the next once it has rendered.
    for (let turn = 0; turn < 4; turn += 1) advance(5_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("5 of 5");
    advance(5_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
  });

  it("stops on pause, announces politely while stopped, and resumes on play", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Pause testimonials" }));
    expect(slidesElement().getAttribute("aria-live")).toBe("polite");

    advance(30_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");

    fireEvent.click(screen.getByRole("button", { name: "Play testimonials" }));
    expect(slidesElement().getAttribute("aria-live")).toBe("off");
    advance(5_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");
  });

  it("stops while hovered or focused", () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    advance(10_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
    expect(slidesElement().getAttribute("aria-live")).toBe("polite");
    fireEvent.mouseLeave(region);
    advance(5_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");

    const next = screen.getByRole("button", { name: "Next testimonial" });
    act(() => next.focus());
    advance(10_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");
    act(() => next.blur());
    advance(5_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("3 of 5");
  });

  it("moves with the arrow keys and the previous, next and dot buttons, looping both ways", () => {
    const region = renderCarousel();
    fireEvent.keyDown(region, { key: "ArrowRight" });
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    expect(visibleSlide().getAttribute("aria-label")).toBe("5 of 5");

    fireEvent.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
    fireEvent.click(screen.getByRole("button", { name: "Previous testimonial" }));
    expect(visibleSlide().getAttribute("aria-label")).toBe("5 of 5");

    const dot = screen.getByRole("button", { name: "Show testimonial 3 of 5" });
    fireEvent.click(dot);
    expect(visibleSlide().getAttribute("aria-label")).toBe("3 of 5");
    expect(dot.getAttribute("aria-current")).toBe("true");
    expect(
      screen.getAllByRole("button", { name: /^Show testimonial/ }).filter((button) => {
        return button.getAttribute("aria-current") === "true";
      }),
    ).toEqual([dot]);
  });

  it("restarts the delay after the visitor moves it", () => {
    const region = renderCarousel();
    advance(4_000);
    fireEvent.keyDown(region, { key: "ArrowRight" });
    advance(4_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("2 of 5");
    advance(1_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("3 of 5");
  });

  it("does not turn on its own when the visitor prefers reduced motion", () => {
    vi.stubGlobal(
      "matchMedia",
      (query: string) =>
        ({
          matches: query === "(prefers-reduced-motion: reduce)",
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderCarousel();
    expect(screen.getByRole("button", { name: "Play testimonials" })).toBeTruthy();
    expect(slidesElement().getAttribute("aria-live")).toBe("polite");
    advance(30_000);
    expect(visibleSlide().getAttribute("aria-label")).toBe("1 of 5");
  });
});
