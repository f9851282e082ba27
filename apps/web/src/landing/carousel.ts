import {
  CAROUSEL_DELAY_MS,
  DOT_CURRENT_CLASS,
  DOT_OTHER_CLASS,
  SLIDE_CURRENT_CLASS,
  SLIDE_HIDDEN_CLASS,
} from "@/features/marketing/carousel-look";
import { fromTemplate, TEMPLATES } from "./templates";

export interface CarouselOptions {
  delayMs?: number;
  /** The visitor's "reduced motion" wish; the browser's own by default. */
  reducedMotion?: MediaQueryList | null;
}

function part<E extends Element>(root: Element, name: string): E {
  const element = root.querySelector<E>(`[data-carousel="${name}"]`);
  if (!element) throw new Error(`The testimonials carousel has no ${name}`);
  return element;
}

/**
 * The testimonials carousel of the HTML rendered at build, made to behave as its React component
 * does (features/marketing/components/testimonials-carousel.tsx and hooks/use-carousel.ts): one
 * slide at a time, turning every 5 s and looping, unless the visitor paused it, hovers or focuses
 * it, or asked for reduced motion (WAI-ARIA APG carousel pattern); going to a slide restarts the
 * delay; the slides are announced only while it is stopped. Returns a function that stops it.
 */
export function startCarousel(root: HTMLElement, options: CarouselOptions = {}): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const count = slides.length;
  const slidesBox = part<HTMLElement>(root, "slides");
  const toggle = part<HTMLButtonElement>(root, "toggle");
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel="dot"]')];
  const delayMs = options.delayMs ?? CAROUSEL_DELAY_MS;
  const reducedMotion =
    options.reducedMotion !== undefined
      ? options.reducedMotion
      : typeof window.matchMedia === "function"
        ? window.matchMedia("(prefers-reduced-motion: reduce)")
        : null;

  let index = 0;
  // null until the visitor presses pause or play: then their choice wins over the system's.
  let playChoice: boolean | null = null;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;
  // What the running timer was set for: a new slide, or rotation starting again, restarts it.
  let timedFor: number | null = null;
  let shownPlaying: boolean | null = null;

  // Every listener goes with the returned stop function.
  const listening = new AbortController();
  const { signal } = listening;

  const playing = () => playChoice ?? !(reducedMotion?.matches ?? false);
  const rotating = () => playing() && !hovered && !focused;

  function render() {
    for (const [i, slide] of slides.entries()) {
      const current = i === index;
      slide.setAttribute("aria-hidden", String(!current));
      slide.toggleAttribute("inert", !current);
      slide.classList.toggle(SLIDE_CURRENT_CLASS, current);
      slide.classList.toggle(SLIDE_HIDDEN_CLASS, !current);
    }
    for (const [i, dot] of dots.entries()) {
      const current = i === index;
      if (current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const mark = dot.firstElementChild;
      mark?.classList.toggle(DOT_CURRENT_CLASS, current);
      mark?.classList.toggle(DOT_OTHER_CLASS, !current);
    }
    slidesBox.setAttribute("aria-live", rotating() ? "off" : "polite");
    if (shownPlaying !== playing()) {
      shownPlaying = playing();
      toggle.setAttribute("aria-label", shownPlaying ? "Pause testimonials" : "Play testimonials");
      toggle.replaceChildren(
        fromTemplate(
          shownPlaying ? TEMPLATES.carouselIconPlaying : TEMPLATES.carouselIconStopped,
          root.ownerDocument,
        ),
      );
    }
    const want = rotating() ? index : null;
    if (want !== timedFor) {
      window.clearTimeout(timer);
      timedFor = want;
      if (want !== null) timer = window.setTimeout(() => goTo(index + 1), delayMs);
    }
  }

  function goTo(next: number) {
    index = ((next % count) + count) % count;
    render();
  }

  root.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "ArrowRight") goTo(index + 1);
      else if (event.key === "ArrowLeft") goTo(index - 1);
      else return;
      event.preventDefault();
    },
    { signal },
  );
  root.addEventListener(
    "mouseenter",
    () => {
      hovered = true;
      render();
    },
    { signal },
  );
  root.addEventListener(
    "mouseleave",
    () => {
      hovered = false;
      render();
    },
    { signal },
  );
  root.addEventListener(
    "focusin",
    () => {
      focused = true;
      render();
    },
    { signal },
  );
  root.addEventListener(
    "focusout",
    (event) => {
      if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
      focused = false;
      render();
    },
    { signal },
  );
  toggle.addEventListener(
    "click",
    () => {
      playChoice = !playing();
      render();
    },
    { signal },
  );
  part(root, "previous").addEventListener("click", () => goTo(index - 1), { signal });
  part(root, "next").addEventListener("click", () => goTo(index + 1), { signal });
  for (const [i, dot] of dots.entries()) dot.addEventListener("click", () => goTo(i), { signal });
  reducedMotion?.addEventListener("change", render, { signal });

  if (count > 0) render();
  return () => {
    listening.abort();
    window.clearTimeout(timer);
  };
}
