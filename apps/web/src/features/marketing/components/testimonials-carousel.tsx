import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { FocusEvent, KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  DOT_CURRENT_CLASS,
  DOT_OTHER_CLASS,
  SLIDE_CURRENT_CLASS,
  SLIDE_HIDDEN_CLASS,
} from "../carousel-look";
import { useCarousel } from "../hooks/use-carousel";
import type { Testimonial } from "../testimonials";

const SLIDES_ID = "testimonial-slides";

/** The rotation button's icon: pause while the slides turn on their own, play while stopped. */
export function CarouselPlayIcon({ playing }: { playing: boolean }) {
  return playing ? <Pause aria-hidden /> : <Play aria-hidden />;
}

/*
 * The landing page's own script (src/landing/carousel.ts) gives the same behaviour to the HTML
 * rendered at build: keep the two alike. It finds the parts by their `data-carousel` marks.
 */

/**
 * Spec §1: the landing page's testimonials, one at a time, turning every 5 s and looping.
 * Follows the WAI-ARIA APG carousel pattern: the rotation control comes first, hovering or
 * focusing stops the rotation, and the slides are announced only while it is stopped.
 */
export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const count = testimonials.length;
  const carousel = useCarousel(count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") carousel.next();
    else if (event.key === "ArrowLeft") carousel.previous();
    else return;
    event.preventDefault();
  }

  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget)) carousel.setFocused(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="flex flex-col items-center gap-6"
      onKeyDown={onKeyDown}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={onBlur}
      data-carousel="root"
    >
      <div
        id={SLIDES_ID}
        data-carousel="slides"
        aria-live={carousel.rotating ? "off" : "polite"}
        className="grid w-full"
      >
        {testimonials.map((testimonial, index) => {
          const current = index === carousel.index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are role="group" (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/).
            <figure
              key={testimonial.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!current}
              inert={!current}
              // Every slide shares one grid cell, so the carousel is as tall as the longest.
              className={cn(
                "col-start-1 row-start-1 flex flex-col items-center gap-6 text-center",
                current ? SLIDE_CURRENT_CLASS : SLIDE_HIDDEN_CLASS,
              )}
            >
              <blockquote className="text-xl font-medium text-balance md:text-2xl">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="text-sm">
                <span className="block font-semibold">{testimonial.name}</span>
                <span className="text-muted-foreground">{testimonial.role}</span>
              </figcaption>
            </figure>
          );
        })}
      </div>

      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={carousel.playing ? "Pause testimonials" : "Play testimonials"}
          onClick={carousel.togglePlaying}
          data-carousel="toggle"
        >
          <CarouselPlayIcon playing={carousel.playing} />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous testimonial"
          aria-controls={SLIDES_ID}
          onClick={carousel.previous}
          data-carousel="previous"
        >
          <ChevronLeft aria-hidden />
        </Button>
        <div className="flex items-center">
          {testimonials.map((testimonial, index) => (
            <button
              key={testimonial.name}
              type="button"
              aria-label={`Show testimonial ${index + 1} of ${count}`}
              aria-controls={SLIDES_ID}
              aria-current={index === carousel.index ? "true" : undefined}
              onClick={() => carousel.goTo(index)}
              data-carousel="dot"
              className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <span
                className={cn(
                  "size-2.5 rounded-full border border-primary transition-colors",
                  index === carousel.index ? DOT_CURRENT_CLASS : DOT_OTHER_CLASS,
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next testimonial"
          aria-controls={SLIDES_ID}
          onClick={carousel.next}
          data-carousel="next"
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </section>
  );
}
