import {
  EXTRA_PROPERTY_PRICE_USD,
  MONEY_BACK_GUARANTEE_DAYS,
  PAYMENT_FAILURE_GRACE_DAYS,
  PAYMENT_RETRY_ATTEMPTS,
  PLAN_LIST,
} from "@utmost/contracts";
import { CONTROLLER, CONTROLLER_LOCATION, LEGAL_EMAIL, mail, SUPPORT_EMAIL } from "./facts";
import { type LegalDocument, link, list, p } from "./types";

const planPrices = PLAN_LIST.map(
  (plan) =>
    `${plan.name}: $${plan.priceUsd} per month, ${plan.properties} analytics ${plan.properties === 1 ? "property" : "properties"}`,
);

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  summary:
    "The agreement between you and Utmost that governs your use of the Utmost website and UTM audit service. Please read it carefully.",
  sections: [
    {
      id: "agreement",
      title: "Agreement to these terms",
      blocks: [
        p(
          `These Terms of Service (“Terms”) are a contract between you and the operator of Utmost (“Utmost”, “we”, “us”). ${CONTROLLER}. By creating an account, connecting a property or otherwise using the service you agree to these Terms. If you use Utmost for an organisation, you accept these Terms on its behalf and confirm you have the authority to do so.`,
        ),
        p([
          "Our ",
          link("Privacy Policy", "/privacy"),
          " and ",
          link("GDPR Compliance", "/gdpr"),
          " page explain how we handle personal data and form part of these Terms.",
        ]),
      ],
    },
    {
      id: "service",
      title: "The service",
      blocks: [
        p(
          "Utmost connects to Google Analytics 4 properties you authorize, reads aggregated session data through Google's APIs, and reports UTM tagging problems with a health score, a grade, issues and resolution guides. Paid plans add automated scans, alerts and exports as described on our pricing page.",
        ),
        p(
          "The score, grade and findings are automated assessments of how your analytics data is tagged. They are guidance, not a guarantee that your analytics are complete or correct, and decisions you make on them are yours. We may improve, change or remove checks and features; we will not materially reduce a paid plan's core features during a billing period you have paid for.",
        ),
      ],
    },
    {
      id: "eligibility",
      title: "Eligibility and accounts",
      blocks: [
        list(
          "You must be at least 16 years old to use Utmost.",
          "You must give accurate account information and keep it up to date. To change the email address on your account, contact support.",
          "You are responsible for keeping your password and second factor safe and for everything done under your account. Tell us at once if you suspect unauthorised use.",
          "Workspace owners and admins decide who is a member of their workspace and are responsible for their members' use of it.",
        ),
      ],
    },
    {
      id: "google-data",
      title: "Your Google Analytics data",
      blocks: [
        p(
          "You may connect only properties you are authorised to access and to have audited. You grant us the limited right to read them through Google's APIs with read-only access, only to provide the service to you. You can disconnect a property at any time, and you can revoke Utmost's access in your Google account's security settings.",
        ),
        p(
          "You keep all rights in your data. Our use of information received from Google APIs follows the Google API Services User Data Policy, including its Limited Use requirements.",
        ),
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        p("You agree not to:"),
        list(
          "break the law, or infringe anyone's rights, through the service;",
          "try to access another user's workspace or data, or probe, scan or test the service's security without our written permission;",
          "overload, disrupt or reverse-engineer the service, or get around its plan limits or rate limits;",
          "resell or white-label the service except as your plan allows;",
          "use the alerts or webhooks to send spam or to attack other systems;",
          "put special categories of personal data or other people's personal data in UTM parameters, workspace names or alert destinations.",
        ),
        p(
          "We may suspend an account that breaks these rules, with notice where we reasonably can.",
        ),
      ],
    },
    {
      id: "plans-and-payment",
      title: "Plans, payment and renewal",
      blocks: [
        p("The plans are:"),
        list(...planPrices),
        p(
          `Extra analytics properties cost $${EXTRA_PROPERTY_PRICE_USD} per month each. Prices are in US dollars and exclude taxes, which are added where the law requires.`,
        ),
        p(
          "Payments are taken by our payment provider, Dodo Payments, which acts as merchant of record. Subscriptions renew automatically each month until cancelled. You can cancel at any time from Billing Settings; the plan stays active until the end of the period you have paid for.",
        ),
        p(
          `If a payment fails, our payment provider retries it up to ${PAYMENT_RETRY_ATTEMPTS} times. If it still has not succeeded ${PAYMENT_FAILURE_GRACE_DAYS} days after the first failure, your account is downgraded to the Free plan. Your data is kept; properties beyond the Free plan's limit stop being scanned automatically until you upgrade again.`,
        ),
        p(
          "We give at least 30 days' notice by email before a price change takes effect for an existing subscription. If you do not agree, you may cancel before the change applies.",
        ),
      ],
    },
    {
      id: "refunds",
      title: "Money-back guarantee and refunds",
      blocks: [
        p(
          `Paid plans come with a ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: if Utmost is not right for you, ask within ${MONEY_BACK_GUARANTEE_DAYS} days of your first payment for a plan and we refund that payment in full.`,
        ),
        p(
          "Under our refund terms you may also request a refund within 14 days of a payment; where the two periods differ, you may rely on whichever is longer.",
        ),
        p([
          "Ask for a refund at ",
          mail(SUPPORT_EMAIL),
          ". Approved refunds go back to the original payment method and usually arrive within 5 to 10 business days, depending on your bank. Nothing in these Terms limits refund rights you have under consumer law.",
        ]),
      ],
    },
    {
      id: "termination",
      title: "Cancellation, deletion and termination",
      blocks: [
        p(
          "You can delete your account at any time from Settings. A deleted account is kept for 30 days so that you can recover it by signing in; after that it is permanently deleted, together with the workspaces you own and their data, and deleted data is removed within 30 days. Before deleting, you can export your data as CSV or JSON.",
        ),
        p(
          "An account nobody has signed in to for 24 months is considered inactive and is deleted after a 60-day notice by email.",
        ),
        p(
          "We may suspend or end your access if you seriously or repeatedly break these Terms, if we must by law, or if we stop offering the service, in which case we give you reasonable notice and refund any prepaid period you cannot use.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        p(
          "The service, its software, checks, resolution guides, design and brand belong to Utmost and its licensors. We give you a limited, non-exclusive, non-transferable right to use the service under these Terms. Reports you export are yours to use in your business. If you send us feedback, we may use it without obligation to you.",
        ),
      ],
    },
    {
      id: "availability",
      title: "Availability and support",
      blocks: [
        p(
          "We work to keep Utmost available and secure but do not promise uninterrupted service; maintenance, Google API quotas and outages of our providers can interrupt scans. A scan that reaches Google's quota keeps what it has read and is shown as partial.",
        ),
        p([
          "Support is by email at ",
          mail(SUPPORT_EMAIL),
          ", with the response times of your plan. We answer urgent security matters within 72 hours, legal inquiries within 5 business days and other inquiries within 30 days.",
        ]),
      ],
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      blocks: [
        p(
          "To the extent the law allows, the service is provided “as is” and “as available”, without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the findings are complete or free of errors, or that fixing them will produce any particular business result.",
        ),
      ],
    },
    {
      id: "liability",
      title: "Limitation of liability",
      blocks: [
        p(
          "To the extent the law allows, Utmost is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or goodwill.",
        ),
        p(
          "Our total liability for all claims arising out of or relating to the service or these Terms is limited to the greater of the amounts you paid us in the 12 months before the event giving rise to the claim, or $100.",
        ),
        p(
          "Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, such as liability for fraud, or for death or personal injury caused by negligence.",
        ),
      ],
    },
    {
      id: "indemnity",
      title: "Indemnity",
      blocks: [
        p(
          "You will indemnify Utmost against claims by third parties arising from data you connect without authorisation or from your breach of the acceptable use rules, except to the extent caused by us.",
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        p(
          "We may update these Terms. For material changes we notify account holders by email or in the product at least 30 days before they take effect. If you keep using Utmost after that, the new Terms apply; if you do not agree, you may cancel and, for a prepaid period, ask for a pro-rata refund.",
        ),
      ],
    },
    {
      id: "governing-law",
      title: "Governing law and disputes",
      blocks: [
        p(
          `These Terms are governed by the laws of India, and the courts of ${CONTROLLER_LOCATION.split(",")[0]} have jurisdiction, without taking away the protection of the mandatory consumer law of the country where you live or your right to bring proceedings there. Before going to court, please contact us: most problems can be solved quickly by email.`,
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        list(
          ["Legal notices and inquiries: ", mail(LEGAL_EMAIL)],
          ["Support, billing and refunds: ", mail(SUPPORT_EMAIL)],
        ),
        p(`${CONTROLLER}.`),
      ],
    },
  ],
};
