import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TestimonialsCarousel } from "@/features/marketing/components/testimonials-carousel";
import { TESTIMONIALS } from "@/features/marketing/testimonials";
import { SESSION_COOKIE_MARK } from "@/lib/session-cookie-mark";
import { renderLanding, renderTemplates } from "@/prerender/landing";
import { jsonResponse, stubFetch } from "@/testing/render";
import { startCarousel } from "./carousel";
import { startHeaderMenu } from "./header-menu";
import { probeSession, readViewer, refreshWhenRestored, SessionState } from "./session";
import { showSignedIn } from "./signed-in";
import { startSkipLink } from "./skip-link";

/** The page as dist/landing.html has it: the markup rendered at build, then its templates. */
function loadLandingPage({ sessionCookie = false } = {}) {
  document.body.innerHTML = `<div id="root">${renderLanding()}</div>${renderTemplates()}`;
  document.documentElement.toggleAttribute(SESSION_COOKIE_MARK, sessionCookie);
}

function carouselRoot(): HTMLElement {
  return screen.getByRole("region", { name: "Testimonials" });
}

/** What a visitor and a screen reader get from a carousel, to compare two of them. */
function carouselState(root: HTMLElement) {
  const classes = (element: Element | null | undefined) =>
    [...(element?.classList ?? [])].sort().join(" ");
  const toggle = root.querySelector('[data-carousel="toggle"]');
  return {
    slides: [...root.querySelectorAll('[aria-roledescription="slide"]')].map((slide) => ({
      hidden: slide.getAttribute("aria-hidden"),
      inert: slide.hasAttribute("inert"),
      classes: classes(slide),
    })),
    live: root.querySelector('[data-carousel="slides"]')?.getAttribute("aria-live"),
    toggle: toggle?.getAttribute("aria-label"),
    icon: classes(toggle?.querySelector("svg")),
    dots: [...root.querySelectorAll('[data-carousel="dot"]')].map((dot) => ({
      current: dot.getAttribute("aria-current"),
      classes: classes(dot.firstElementChild),
    })),
  };
}

function visibleSlideLabel(): string | null {
  const slides = within(carouselRoot()).getAllByRole("group");
  expect(slides).toHaveLength(1);
  return slides[0]?.getAttribute("aria-label") ?? null;
}

afterEach(() => {
  document.documentElement.removeAttribute(SESSION_COOKIE_MARK);
  document.body.innerHTML = "";
});

describe("the landing page's carousel, without React", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("behaves as the app's carousel does, step by step", () => {
    loadLandingPage();
    const stop = startCarousel(carouselRoot(), { reducedMotion: null });
    const landing = carouselRoot();
    const react = render(<TestimonialsCarousel testimonials={TESTIMONIALS} />).container
      .firstElementChild as HTMLElement;
    const steps: [string, (root: HTMLElement) => void][] = [
      ["at first", () => {}],
      ["next", (root) => fireEvent.click(within(root).getByLabelText("Next testimonial"))],
      [
        "previous twice",
        (root) => {
          fireEvent.click(within(root).getByLabelText("Previous testimonial"));
          fireEvent.click(within(root).getByLabelText("Previous testimonial"));
        },
      ],
      ["a dot", (root) => fireEvent.click(within(root).getByLabelText("Show testimonial 3 of 5"))],
      ["paused", (root) => fireEvent.click(within(root).getByLabelText("Pause testimonials"))],
      ["arrow key", (root) => fireEvent.keyDown(root, { key: "ArrowRight" })],
      ["played", (root) => fireEvent.click(within(root).getByLabelText("Play testimonials"))],
      ["hovered", (root) => fireEvent.mouseEnter(root)],
    ];
    for (const [step, action] of steps) {
      act(() => {
        action(landing);
        action(react);
      });
      expect(carouselState(landing), step).toEqual(carouselState(react));
    }
    stop();
  });

  it("turns every 5 s and loops, stops while hovered or focused, and restarts the delay", () => {
    loadLandingPage();
    startCarousel(carouselRoot(), { reducedMotion: null });
    const root = carouselRoot();
    expect(visibleSlideLabel()).toBe("1 of 5");
    expect(root.querySelector('[data-carousel="slides"]')?.getAttribute("aria-live")).toBe("off");
    vi.advanceTimersByTime(4_999);
    expect(visibleSlideLabel()).toBe("1 of 5");
    vi.advanceTimersByTime(1);
    expect(visibleSlideLabel()).toBe("2 of 5");
    for (let turn = 0; turn < 4; turn += 1) vi.advanceTimersByTime(5_000);
    expect(visibleSlideLabel()).toBe("1 of 5");

    fireEvent.mouseEnter(root);
    vi.advanceTimersByTime(20_000);
    expect(visibleSlideLabel()).toBe("1 of 5");
    expect(root.querySelector('[data-carousel="slides"]')?.getAttribute("aria-live")).toBe(
      "polite",
    );
    fireEvent.mouseLeave(root);

    const next = within(root).getByLabelText("Next testimonial");
    next.focus();
    vi.advanceTimersByTime(20_000);
    expect(visibleSlideLabel()).toBe("1 of 5");
    // Focus moving inside keeps it stopped; leaving the carousel starts it again.
    within(root).getByLabelText("Previous testimonial").focus();
    vi.advanceTimersByTime(20_000);
    expect(visibleSlideLabel()).toBe("1 of 5");
    (document.activeElement as HTMLElement).blur();
    vi.advanceTimersByTime(4_000);
    fireEvent.click(within(root).getByLabelText("Show testimonial 4 of 5"));
    vi.advanceTimersByTime(4_000);
    expect(visibleSlideLabel()).toBe("4 of 5");
    vi.advanceTimersByTime(1_000);
    expect(visibleSlideLabel()).toBe("5 of 5");
  });

  it("starts stopped for a visitor who asked for reduced motion, until they press play", () => {
    loadLandingPage();
    const listeners: (() => void)[] = [];
    const reducedMotion = {
      matches: true,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => {},
    } as unknown as MediaQueryList;
    startCarousel(carouselRoot(), { reducedMotion });
    const root = carouselRoot();
    expect(within(root).getByLabelText("Play testimonials").querySelector("svg")).toBeTruthy();
    vi.advanceTimersByTime(20_000);
    expect(visibleSlideLabel()).toBe("1 of 5");
    fireEvent.click(within(root).getByLabelText("Play testimonials"));
    vi.advanceTimersByTime(5_000);
    expect(visibleSlideLabel()).toBe("2 of 5");
  });
});

describe("the landing page's header, without React", () => {
  it("opens and closes the phone menu, by its button, a link or Escape", () => {
    loadLandingPage();
    startHeaderMenu(screen.getByRole("banner"), new SessionState());
    const button = within(screen.getByRole("banner")).getByRole("button", { name: "Menu" });
    const menu = () => screen.queryByRole("navigation", { name: "Site menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(menu()).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(menu()?.id).toBe(button.getAttribute("aria-controls"));
    expect(
      within(menu() as HTMLElement)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Docs", "/docs"],
      ["Sign In", "/auth?mode=signin"],
    ]);
    fireEvent.click(within(menu() as HTMLElement).getByRole("link", { name: "Pricing" }));
    expect(menu()).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(button);
    expect(button.querySelector("svg")?.classList.contains("lucide-x")).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.querySelector("svg")?.classList.contains("lucide-menu")).toBe(true);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(menu()).toBeNull();
  });

  it("moves the focus to the main content from the skip link", () => {
    loadLandingPage();
    startSkipLink();
    const main = screen.getByRole("main");
    main.scrollIntoView = vi.fn();
    const link = screen.getByRole("link", { name: "Skip to content" });
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(main);
  });
});

describe("who is looking at the landing page", () => {
  it("asks nothing without a session cookie", async () => {
    loadLandingPage();
    const fetchMock = stubFetch({});
    expect(await probeSession()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks GET /api/session with one, and reads a visitor, a member and a failure", async () => {
    loadLandingPage({ sessionCookie: true });
    let answer = jsonResponse(200, { subscription: { tier: "pro" } });
    stubFetch({ "GET /api/session": () => answer });
    expect(await probeSession()).toEqual({ tier: "pro" });
    answer = jsonResponse(200, null);
    expect(await probeSession()).toBeNull();
    answer = jsonResponse(500, { error: { code: "INTERNAL", message: "down" } });
    expect(await probeSession()).toBeNull();
    expect(readViewer({ subscription: null })).toEqual({ tier: null });
  });

  it("asks again when a signed-in page comes back from the back-forward cache, and reloads if signed out", async () => {
    loadLandingPage({ sessionCookie: true });
    let answer = jsonResponse(200, { subscription: { tier: "pro" } });
    const fetchMock = stubFetch({ "GET /api/session": () => answer });
    const session = new SessionState();
    const reload = vi.fn();
    refreshWhenRestored(session, window, reload);
    const pageshow = (persisted: boolean) =>
      window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted }));

    // Shown signed out: a visitor's page asks nothing, restored or not.
    pageshow(true);
    expect(fetchMock).not.toHaveBeenCalled();

    session.signIn({ tier: "pro" });
    pageshow(false);
    expect(fetchMock).not.toHaveBeenCalled();
    pageshow(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(reload).not.toHaveBeenCalled();

    answer = jsonResponse(200, null);
    pageshow(true);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("shows a signed-in visitor the way to their dashboard and their plan, and starts checkout", async () => {
    loadLandingPage({ sessionCookie: true });
    const session = new SessionState();
    startHeaderMenu(screen.getByRole("banner"), session);
    const goTo = vi.fn();
    let checkout = () => jsonResponse(200, { checkoutUrl: "https://pay.example/c/1" });
    const fetchMock = stubFetch({ "POST /api/billing/checkout": () => checkout() });
    showSignedIn({ tier: "pro" }, document, goTo);
    session.signIn({ tier: "pro" });

    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(header.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(header.queryByRole("link", { name: "Start Free" })).toBeNull();
    fireEvent.click(header.getByRole("button", { name: "Menu" }));
    expect(
      within(screen.getByRole("navigation", { name: "Site menu" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Features", "Pricing", "Docs"]);

    const main = within(screen.getByRole("main"));
    const pricing = within(document.getElementById("pricing") as HTMLElement);
    expect(pricing.getByRole("button", { name: "Current plan" }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(pricing.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(main.getAllByRole("link", { name: "Go to Dashboard" })).toHaveLength(2);

    // A failure says so and gives the buttons back.
    checkout = () =>
      jsonResponse(502, { error: { code: "PAYMENT_PROVIDER", message: "Dodo is down" } });
    const team = pricing.getByRole("button", { name: "Choose Team" });
    fireEvent.click(team);
    expect(team.getAttribute("aria-busy")).toBe("true");
    expect(team.querySelector("svg.animate-spin")).toBeTruthy();
    expect(pricing.getByRole("button", { name: "Choose Agency" }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(await screen.findByText("Upgrade failed")).toBeTruthy();
    expect(screen.getByText("Dodo is down")).toBeTruthy();
    expect(team.hasAttribute("disabled")).toBe(false);
    expect(team.getAttribute("aria-busy")).toBe("false");
    expect(team.querySelector("svg.animate-spin")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close toast" }));
    expect(screen.queryByText("Upgrade failed")).toBeNull();

    // A limitation of a local run is told as one, not as the user's error.
    checkout = () =>
      jsonResponse(503, { error: { code: "NOT_CONFIGURED", message: "Payments are off locally" } });
    fireEvent.click(team);
    expect(await screen.findByText("Local Development Limitation")).toBeTruthy();

    checkout = () => jsonResponse(200, { checkoutUrl: "https://pay.example/c/1" });
    fireEvent.click(team);
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("https://pay.example/c/1"));
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/billing/checkout",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ tier: "advanced" }) }),
    );
    // The page is on its way out: the buttons stay busy.
    expect(team.hasAttribute("disabled")).toBe(true);
  });
});
