import { Logo } from "@/components/layout/logo";
import { OnboardingWizard } from "@/features/onboarding/components/onboarding-wizard";

/** `/onboarding`: guarded, outside the app layout. */
export function OnboardingRoute() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <Logo />
      <OnboardingWizard />
    </div>
  );
}
