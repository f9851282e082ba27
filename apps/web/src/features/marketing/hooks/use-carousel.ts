import { useCallback, useEffect, useState } from "react";
import { usePrefersReducedMotion } from "@/hooks/use-media-query";
import { CAROUSEL_DELAY_MS } from "../carousel-look";

export { CAROUSEL_DELAY_MS };

/**
 * A looping carousel's state: which slide shows, and whether it turns on its own. It turns every
 * `delayMs` unless the visitor paused it, hovers or focuses it, or asked for reduced motion
 * (WAI-ARIA APG carousel pattern); going to a slide restarts the delay.
 */
export function useCarousel(count: number, delayMs = CAROUSEL_DELAY_MS) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // null until the visitor presses pause or play: then their choice wins over the system's.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !hovered && !focused;

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count]);
  const previous = useCallback(() => setIndex((current) => (current - 1 + count) % count), [count]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide restarts the delay.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(next, delayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, next, delayMs]);

  return {
    index,
    playing,
    rotating,
    goTo,
    next,
    previous,
    togglePlaying: () => setPlayChoice(!playing),
    setHovered,
    setFocused,
  };
}
