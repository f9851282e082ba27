import { TESTIMONIALS } from "../testimonials";
import { TestimonialsCarousel } from "./testimonials-carousel";

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="border-t py-20">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="testimonials-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
          What marketers say
        </h2>
        <TestimonialsCarousel testimonials={TESTIMONIALS} />
      </div>
    </section>
  );
}
