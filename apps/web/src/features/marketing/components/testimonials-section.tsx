import { TESTIMONIALS } from "../testimonials";
import { MarketingSection } from "./section";
import { TestimonialsCarousel } from "./testimonials-carousel";

export function TestimonialsSection() {
  return (
    <MarketingSection id="testimonials" title="What marketers say" width="narrow">
      <TestimonialsCarousel testimonials={TESTIMONIALS} />
    </MarketingSection>
  );
}
