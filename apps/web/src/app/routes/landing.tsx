import { PublicLayout } from "@/components/layout/public-layout";
import { useCheckout } from "@/features/billing/api/create-checkout";
import { FeaturesSection } from "@/features/marketing/components/features-section";
import { Hero } from "@/features/marketing/components/hero";
import {
  PricingSection,
  type PricingViewer,
} from "@/features/marketing/components/pricing-section";
import { useMe } from "@/lib/auth";

/** `/`: the public landing page; signed in, its pricing buttons start checkout. */
export function LandingRoute() {
  const { data: me } = useMe();
  const checkout = useCheckout();
  const viewer: PricingViewer = me
    ? { signedIn: true, tier: me.subscription?.tier ?? null }
    : { signedIn: false };
  return (
    <PublicLayout>
      <Hero signedIn={viewer.signedIn} />
      <FeaturesSection />
      <PricingSection viewer={viewer} checkout={checkout} />
    </PublicLayout>
  );
}
