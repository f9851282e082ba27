import { PublicLayout } from "@/components/layout/public-layout";
import { LegalPage } from "@/features/legal/components/legal-page";

export function PrivacyRoute() {
  return (
    <PublicLayout>
      <LegalPage title="Privacy Policy" />
    </PublicLayout>
  );
}

export function TermsRoute() {
  return (
    <PublicLayout>
      <LegalPage title="Terms of Service" />
    </PublicLayout>
  );
}

export function GdprRoute() {
  return (
    <PublicLayout>
      <LegalPage title="GDPR Compliance" />
    </PublicLayout>
  );
}
