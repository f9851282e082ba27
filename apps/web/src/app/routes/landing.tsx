import { PublicLayout } from "@/components/layout/public-layout";
import { useCheckout } from "@/features/billing/api/create-checkout";
import { FeaturesSection } from "@/features/marketing/components/features-section";
import { Hero } from "@/features/marketing/components/hero";
import {
  PricingSection,
  type PricingViewer,
} from "@/features/marketing/components/pricing-section";
import { TestimonialsSection } from "@/features/marketing/components/testimonials-section";
import { useVisitorMe } from "@/lib/auth";

/**
 * `/`: the public landing page (spec §1, §2); signed in, its pricing buttons start checkout. It is
 * the one page in the entry bundle, so it must not import the app's routes (router.tsx).
 */
export function LandingRoute() {
  const { data: me } = useVisitorMe();
  const checkout = useCheckout();
  const viewer: PricingViewer = me
    ? { signedIn: true, tier: me.subscription?.tier ?? null }
    : { signedIn: false };
  return (
    <PublicLayout>
      <Hero signedIn={viewer.signedIn} />
      <FeaturesSection />
      <TestimonialsSection />
      <PricingSection viewer={viewer} checkout={checkout} />
    </PublicLayout>
  );
}
