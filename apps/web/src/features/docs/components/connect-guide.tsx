import { EXTRA_PROPERTY_PRICE_USD, GA4_READONLY_SCOPE, PLAN_LIST } from "@utmost/contracts";
import { DocsHeading, DocsSection } from "./docs-layout";

/** What Utmost asks Google for, and why (the connect flow's scopes). */
const SCOPES = [
  { scope: "openid", why: "Identifies the Google account that granted access." },
  { scope: "email", why: "Shows which Google account a property was connected with." },
  {
    scope: GA4_READONLY_SCOPE,
    why: "Reads the property list (GA4 Admin API) and session reports (GA4 Data API). Read-only: Utmost never changes your GA4 configuration or data.",
  },
];

/** `/docs/connect`: one-click OAuth, the scopes, reconnecting and the property limits. */
export function ConnectGuide() {
  return (
    <>
      <DocsHeading
        title="Connect Google Analytics"
        lead="Connect a GA4 property in about 60 seconds with one-click Google OAuth."
      />
      <DocsSection id="connect" title="Connecting a property">
        <ol className="ml-6 list-decimal space-y-2">
          <li>
            Open <strong>Analytics Properties</strong> and choose{" "}
            <strong>Add Analytics Property</strong> (or <strong>Connect</strong> during onboarding).
          </li>
          <li>
            Choose <strong>Authorize Google Analytics</strong>. Google asks you to sign in and to
            allow read-only access to your Analytics data.
          </li>
          <li>
            Back in Utmost, pick the property from the list of every GA4 property your Google
            account can read (the first one is preselected), then choose{" "}
            <strong>Save Analytics Property</strong>.
          </li>
          <li>Utmost starts the first audit at once and takes you to the dashboard.</li>
        </ol>
        <p>
          The Google account you authorize needs at least the Viewer role on the property. Access
          tokens are stored encrypted and never sent back to the browser.
        </p>
      </DocsSection>
      <DocsSection id="scopes" title="What Utmost asks Google for">
        <ul className="flex flex-col gap-3">
          {SCOPES.map(({ scope, why }) => (
            <li key={scope}>
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all">
                {scope}
              </code>
              <p className="mt-1 text-muted-foreground">{why}</p>
            </li>
          ))}
        </ul>
      </DocsSection>
      <DocsSection id="reconnecting" title="Reconnecting">
        <p>
          Google access can end: a password change, access removed in the Google account's security
          settings, or the user who connected the property losing access to it. The next scan then
          fails and the property's health report shows an <strong>Authentication Expired</strong>{" "}
          alert.
        </p>
        <p>
          Choose <strong>Reconnect Google Analytics</strong> on that alert, or{" "}
          <strong>Reconnect</strong> in the Analytics Properties table, and authorize again. The
          property keeps its history, issues and alert rules; only its access is renewed, and it
          becomes active again.
        </p>
      </DocsSection>
      <DocsSection id="limits" title="Properties per plan">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2 font-semibold">
                Plan
              </th>
              <th scope="col" className="py-2 font-semibold">
                Price per month
              </th>
              <th scope="col" className="py-2 font-semibold">
                Analytics properties
              </th>
            </tr>
          </thead>
          <tbody>
            {PLAN_LIST.map((plan) => (
              <tr key={plan.tier} className="border-b">
                <td className="py-2">{plan.name}</td>
                <td className="py-2">${plan.priceUsd}</td>
                <td className="py-2">{plan.properties}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Extra properties cost ${EXTRA_PROPERTY_PRICE_USD}/month each. Once you use every property
          your plan includes, Add Analytics Property is blocked until you upgrade or remove a
          property.
        </p>
      </DocsSection>
    </>
  );
}
