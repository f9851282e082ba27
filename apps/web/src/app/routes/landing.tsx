import { PublicLayout } from "@/components/layout/public-layout";
import { FeaturesSection } from "@/features/marketing/components/features-section";
import { Hero } from "@/features/marketing/components/hero";
import { PricingSection } from "@/features/marketing/components/pricing-section";
import { useMe } from "@/lib/auth";

/** `/`: the public landing page. */
export function LandingRoute() {
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  return (
    <PublicLayout>
      <Hero signedIn={signedIn} />
      <FeaturesSection />
      <PricingSection signedIn={signedIn} />
    </PublicLayout>
  );
}
