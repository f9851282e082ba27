import {
  CONTROLLER,
  CONTROLLER_LOCATION,
  EU_AUTHORITIES_URL,
  LEGAL_EMAIL,
  mail,
  PRIVACY_EMAIL,
  RIGHTS_REQUEST_SUBJECT,
  SUPPORT_EMAIL,
} from "./facts";
import { type LegalDocument, link, list, p, sub } from "./types";

/** Spec §2: the GDPR page has these 16 numbered sections, in this order, then a contact box. */
export const gdprCompliance: LegalDocument = {
  title: "GDPR Compliance",
  summary:
    "How Utmost meets the EU General Data Protection Regulation (GDPR) and the UK GDPR: who is responsible for your data, why we process it, who processes it for us, how long we keep it, and how to exercise your rights.",
  sections: [
    {
      id: "introduction",
      title: "Introduction",
      blocks: [
        p(
          "Utmost audits Google Analytics 4 properties for UTM tagging errors. Many of our users are marketing teams, agencies and consultants in the European Union and the United Kingdom, and we apply the GDPR's standards to everyone who uses the service, wherever they are.",
        ),
        p([
          "This page complements our ",
          link("Privacy Policy", "/privacy"),
          " and our ",
          link("Terms of Service", "/terms"),
          ". Where this page is more specific, it applies.",
        ]),
      ],
    },
    {
      id: "data-controller",
      title: "Data Controller",
      blocks: [
        p(
          `${CONTROLLER}. That individual is the controller of the personal data of our users and website visitors: the account, workspace, billing, usage and support data described below.`,
        ),
        list(`Address: ${CONTROLLER_LOCATION}`, ["Email: ", mail(PRIVACY_EMAIL)]),
        p(
          "For the GA4 session data an audit reads from your property, the organisation that owns the property decides what is audited and why; we process that data on its instructions to produce the audits it asks for.",
        ),
      ],
    },
    {
      id: "legal-basis",
      title: "Legal Basis for Processing",
      blocks: [
        p(
          "We process personal data only when one of these legal bases under Article 6 GDPR applies:",
        ),
        list(
          "Consent (Art. 6(1)(a)): analytics cookies on our website and optional product emails. You can withdraw consent at any time.",
          "Contract (Art. 6(1)(b)): running your account, workspaces, connected properties, audits, alerts and subscription.",
          "Legal obligation (Art. 6(1)(c)): keeping billing records for tax and accounting law, and answering lawful requests from authorities.",
          "Legitimate interests (Art. 6(1)(f)): keeping the service secure, preventing abuse, fixing faults and improving the product, where these interests are not overridden by your rights.",
        ),
      ],
    },
    {
      id: "categories",
      title: "Categories of Personal Data",
      blocks: [
        list(
          "Identity and contact data: full name, email address, Google account identifier.",
          "Account security data: password hash, two-factor secrets and backup codes (encrypted), sessions.",
          "Workspace data: workspace names, roles, invitations and invited email addresses.",
          "Connected property data: GA4 property names and ids, account names, encrypted OAuth tokens.",
          "Audit data: aggregated session counts by UTM parameters, landing pages and referrers; scan results and issues. Personal data found in UTM values is redacted.",
          "Alert data: alert rules and their destinations (email address, webhook URLs), and delivery logs.",
          "Billing data: plan, subscription status and the payment provider's references. Card numbers are handled by the payment provider only.",
          "Usage data: IP address, browser, pages and API routes requested, timestamps, error reports.",
          "Correspondence: support and rights-request messages.",
        ),
        p(
          "We do not process special categories of personal data under Article 9 GDPR (data revealing racial or ethnic origin, political opinions, religious or philosophical beliefs, trade union membership, genetic, biometric, health or sex-life data), nor data about criminal convictions.",
        ),
      ],
    },
    {
      id: "purposes",
      title: "Purposes of Processing",
      blocks: [
        list(
          "Providing the service: sign-in, workspaces and teams, connecting GA4 properties, running audits, showing reports and resolution guides, exports.",
          "Notifications: the alerts you configure and service emails such as invitations, password resets and scan failures.",
          "Billing: subscriptions, payments, refunds, invoices and tax records.",
          "Security and reliability: protecting accounts, detecting abuse, debugging and backups.",
          "Improvement: understanding, in aggregate, how the website and product are used.",
          "Legal compliance: answering rights requests and lawful requests from authorities.",
        ),
        p("We do not sell personal data or use it for advertising."),
      ],
    },
    {
      id: "processors",
      title: "Data Processors",
      blocks: [
        p(
          "We use the following kinds of processors, each bound by a data processing agreement under Article 28 GDPR:",
        ),
        {
          kind: "table",
          head: ["Processor", "Purpose", "Location"],
          rows: [
            [
              "Database and authentication host",
              "Hosting the database and sign-in",
              "European Union",
            ],
            [
              "Payment provider (Dodo Payments)",
              "Payments, subscriptions, refunds, tax as merchant of record",
              "Outside the EEA; safeguards below",
            ],
            [
              "Analytics provider's API (Google Analytics)",
              "Reading the GA4 properties you connect, with your authorisation",
              "United States; EU-US Data Privacy Framework",
            ],
            [
              "EU analytics service",
              "Measuring website visits, with consent where cookies are used",
              "European Union",
            ],
            [
              "Email delivery service",
              "Delivering alerts and account emails",
              "May be outside the EEA; safeguards below",
            ],
          ],
        },
        p(["The current list of processors is available on request at ", mail(PRIVACY_EMAIL), "."]),
      ],
    },
    {
      id: "international-transfers",
      title: "International Data Transfers",
      blocks: [
        p(
          "Utmost is operated from India, which the European Commission has not found to provide an adequate level of protection. Transfers of personal data from the EEA and the UK to us and to processors outside the EEA are made under the European Commission's Standard Contractual Clauses (with the UK International Data Transfer Addendum), or to recipients certified under the EU-US Data Privacy Framework, together with supplementary measures: encryption in transit and at rest, encrypted OAuth tokens, and strict access control.",
        ),
        p("You can ask for a copy of the safeguards we rely on."),
      ],
    },
    {
      id: "retention",
      title: "Data Retention",
      blocks: [
        {
          kind: "table",
          head: ["Data", "Kept for"],
          rows: [
            [
              "Account, workspace, property, audit and alert data",
              "As long as the account exists; after deletion, 30 days for recovery, then deleted",
            ],
            ["Deleted data", "Removed from live systems within 30 days"],
            ["Backups", "Up to 90 days"],
            ["Billing records", "7 years (tax and accounting law)"],
            ["Usage logs", "12 months"],
            [
              "Inactive accounts",
              "Deleted after 24 months without a sign-in, following a 60-day notice",
            ],
          ],
        },
      ],
    },
    {
      id: "your-rights",
      title: "Your Rights Under GDPR",
      blocks: [
        sub(
          "Right of access (Art. 15)",
          p("Get confirmation that we process your data and a copy of it."),
        ),
        sub(
          "Right to rectification (Art. 16)",
          p("Have inaccurate data corrected and incomplete data completed."),
        ),
        sub(
          "Right to erasure (Art. 17)",
          p("Have your data deleted where there is no longer a reason to keep it."),
        ),
        sub(
          "Right to restriction (Art. 18)",
          p("Have processing paused while accuracy or an objection is checked."),
        ),
        sub(
          "Right to data portability (Art. 20)",
          p(
            "Receive the data you gave us in a structured, machine-readable format (CSV or JSON) and have it sent to another controller.",
          ),
        ),
        sub(
          "Right to object (Art. 21)",
          p(
            "Object to processing based on legitimate interests, and to direct marketing at any time.",
          ),
        ),
        sub(
          "Right to withdraw consent (Art. 7(3))",
          p("Withdraw consent at any time, without affecting earlier processing."),
        ),
        sub(
          "Right to lodge a complaint (Art. 77)",
          p("Complain to a supervisory authority; see Complaints below."),
        ),
      ],
    },
    {
      id: "exercising-rights",
      title: "How to Exercise Your Rights",
      blocks: [
        list(
          "Self-service: in Settings you can export your data as CSV or JSON, correct your name, and delete your account (recoverable for 30 days).",
          [
            "By email: write to ",
            mail(PRIVACY_EMAIL),
            ` with the subject “${RIGHTS_REQUEST_SUBJECT}”, for example “GDPR Rights Request - Access”, from the email address of your account.`,
          ],
        ),
        p(
          "We answer within one month of receiving your request. Where a request is complex or we receive many, we may extend this by up to two more months; we tell you within the first month and explain why.",
        ),
        p(
          "There is no fee. We may charge a reasonable fee, or refuse to act, only where a request is manifestly unfounded, excessive or repetitive, and we will explain our reasons. We may ask for information to confirm your identity.",
        ),
      ],
    },
    {
      id: "dpo",
      title: "Data Protection Officer",
      blocks: [
        p(
          "Utmost is operated by one individual and its processing is not on a scale that requires a Data Protection Officer under Article 37 GDPR, so we have not appointed one. The operator is personally responsible for data protection and answers every privacy request.",
        ),
        p(["Contact for data protection matters: ", mail(PRIVACY_EMAIL), "."]),
      ],
    },
    {
      id: "complaints",
      title: "Right to Lodge a Complaint",
      blocks: [
        p(
          "If you think we have not handled your personal data lawfully, please contact us first so we can try to put it right. You also have the right to lodge a complaint with a supervisory authority, in particular in the EU member state where you live, work or where the alleged infringement took place.",
        ),
        p([
          "The European Data Protection Board keeps ",
          link("a list of EU supervisory authorities", EU_AUTHORITIES_URL),
          ". In the UK, the authority is the Information Commissioner's Office.",
        ]),
      ],
    },
    {
      id: "automated-decisions",
      title: "Automated Decision-Making",
      blocks: [
        p(
          "We do not make decisions based solely on automated processing, including profiling, that produce legal effects concerning you or similarly significantly affect you (Article 22 GDPR).",
        ),
        p(
          "The health score and grade are computed automatically, but they assess the UTM tagging of an analytics property, not a person, and they have no legal effect.",
        ),
      ],
    },
    {
      id: "breach-notification",
      title: "Data Breach Notification",
      blocks: [
        p(
          "If a personal data breach occurs, we notify the competent supervisory authority within 72 hours of becoming aware of it, unless the breach is unlikely to result in a risk to people's rights and freedoms. Where the risk is high, we also inform the people affected without undue delay, saying what happened, what we are doing and what they can do.",
        ),
        p([
          "Report a suspected vulnerability or breach to ",
          mail(PRIVACY_EMAIL),
          "; we respond to urgent security reports within 72 hours.",
        ]),
      ],
    },
    {
      id: "cookies",
      title: "Cookies and Tracking",
      blocks: [
        p(
          "Essential cookies (sign-in session and security) need no consent, because the service cannot work without them. Analytics cookies need your consent and are set only after you give it. Consent management is being implemented; until it is live, no analytics cookies are set.",
        ),
        p([
          "Details are in the ",
          link("Cookies section of our Privacy Policy", "/privacy#cookies"),
          ".",
        ]),
      ],
    },
    {
      id: "policy-updates",
      title: "Updates to This Policy",
      blocks: [
        p(
          "We review this page when our processing or the law changes. The date at the top shows the current version; we notify account holders of material changes by email or in the product before they take effect.",
        ),
      ],
    },
  ],
  closing: {
    id: "contact",
    title: "Contact Us About GDPR",
    blocks: [
      p("For any question about this page or your personal data:"),
      list(
        ["Privacy and rights requests: ", mail(PRIVACY_EMAIL)],
        ["Legal inquiries: ", mail(LEGAL_EMAIL), " (answered within 5 business days)"],
        ["Other inquiries: ", mail(SUPPORT_EMAIL), " (answered within 30 days)"],
      ),
      p(`${CONTROLLER}, ${CONTROLLER_LOCATION}.`),
    ],
  },
};
