import { PublicLayout } from "@/components/layout/public-layout";
import { LegalPage } from "@/features/legal/components/legal-page";
import { gdprCompliance } from "@/features/legal/content/gdpr";
import { privacyPolicy } from "@/features/legal/content/privacy";
import { termsOfService } from "@/features/legal/content/terms";

export function PrivacyRoute() {
  return (
    <PublicLayout>
      <LegalPage document={privacyPolicy} />
    </PublicLayout>
  );
}

export function TermsRoute() {
  return (
    <PublicLayout>
      <LegalPage document={termsOfService} />
    </PublicLayout>
  );
}

export function GdprRoute() {
  return (
    <PublicLayout>
      <LegalPage document={gdprCompliance} />
    </PublicLayout>
  );
}
