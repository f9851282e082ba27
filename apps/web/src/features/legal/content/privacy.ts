import {
  CONTROLLER,
  CONTROLLER_LOCATION,
  LEGAL_EMAIL,
  mail,
  PRIVACY_EMAIL,
  RIGHTS_REQUEST_SUBJECT,
  SUPPORT_EMAIL,
} from "./facts";
import { type LegalDocument, link, list, p, sub } from "./types";

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  summary:
    "How Utmost collects, uses, shares and protects personal data when you use our website and our UTM audit service for Google Analytics 4, and the choices and rights you have.",
  sections: [
    {
      id: "introduction",
      title: "Introduction",
      blocks: [
        p(
          "Utmost is a web service that audits Google Analytics 4 (GA4) properties for UTM tagging errors and reports a health score, a grade and a list of issues with resolution guides. This Privacy Policy explains what personal data we process when you visit our website, create an account, connect a GA4 property, run audits, receive alerts or buy a subscription.",
        ),
        p([
          "This policy should be read together with our ",
          link("Terms of Service", "/terms"),
          " and our ",
          link("GDPR Compliance", "/gdpr"),
          " page, which sets out in more detail how we meet the requirements of the EU and UK General Data Protection Regulation (GDPR).",
        ]),
        p(
          "We have written this policy to be read. Where we use a term such as “personal data”, “processing”, “controller” or “processor”, it has the meaning given to it by the GDPR.",
        ),
      ],
    },
    {
      id: "who-we-are",
      title: "Who we are",
      blocks: [
        p(
          `${CONTROLLER}. For the personal data described in this policy that individual is the data controller: the person who decides why and how your personal data is processed.`,
        ),
        list(
          `Location: ${CONTROLLER_LOCATION}`,
          ["Privacy questions and rights requests: ", mail(PRIVACY_EMAIL)],
          ["Legal notices: ", mail(LEGAL_EMAIL)],
          ["Help with the product: ", mail(SUPPORT_EMAIL)],
        ),
        p(
          "When you connect a GA4 property, the session data we read from Google belongs to you or to the organisation you work for. For that analytics data we act on your instructions, to produce the audits you ask for.",
        ),
      ],
    },
    {
      id: "data-we-collect",
      title: "Data we collect",
      blocks: [
        sub(
          "Account data",
          p(
            "Your full name, email address and password (stored only as a salted hash) when you sign up with email, or your name, email address and Google account identifier when you continue with Google. If you turn on two-factor sign-in we store the secret for your authenticator app and your backup codes, encrypted.",
          ),
        ),
        sub(
          "Workspace and team data",
          p(
            "The workspaces you create or join, their names and types, your role in each, and the email addresses you invite, with the invitation's status and expiry.",
          ),
        ),
        sub(
          "Connected analytics properties",
          p(
            "For each GA4 property you connect: its name, property id and account name, and the OAuth access and refresh tokens Google issues. Tokens are stored encrypted (AES-256-GCM), are never sent back to your browser after the connect step and are never written to logs. We ask Google only for read-only access to Analytics.",
          ),
        ),
        sub(
          "Audit data",
          p(
            "Aggregated session counts by traffic source, medium, campaign, campaign term and content, default channel group, landing page with its query string, and referrer, over the scan's date range. From them we store scan results (score, grade, counts), issues, the offending UTM values and a few example rows. Where a check finds what looks like personal data in a UTM value (for example an email address in utm_campaign), the value is redacted before it is stored or shown. GA4 does not give us, and we do not ask for, data that identifies the individual visitors of your website.",
          ),
        ),
        sub(
          "Alert settings",
          p(
            "The alert rules you configure, including the destination email address, chat webhook URL or webhook URL, and a log of the alerts we send.",
          ),
        ),
        sub(
          "Billing data",
          p(
            "Your plan, subscription status, and the payment provider's customer and subscription references. Card details are entered directly with our payment provider, Dodo Payments; we never see or store your full card number.",
          ),
        ),
        sub(
          "Usage logs and technical data",
          p(
            "IP address, browser and device type, the pages and API routes requested, timestamps, and error reports. We use them to keep the service secure, to find and fix faults and to understand how the product is used.",
          ),
        ),
        sub("Support correspondence", p("The messages you send us and our replies.")),
        p(
          "We do not collect special categories of personal data (such as health, religious beliefs, political opinions, biometric or genetic data), and we ask you not to put such data in UTM parameters, workspace names or support messages.",
        ),
      ],
    },
    {
      id: "how-we-use-data",
      title: "How we use your data",
      blocks: [
        p("We use personal data only for the purposes below, each with its legal basis:"),
        {
          kind: "table",
          head: ["Purpose", "Legal basis"],
          rows: [
            ["Creating and running your account, workspaces and team access", "Contract"],
            ["Connecting GA4 properties, running audits and showing reports", "Contract"],
            [
              "Sending the alerts you configure and service emails (invitations, password resets, scan failures)",
              "Contract",
            ],
            [
              "Taking payments, managing subscriptions, refunds and invoices",
              "Contract; legal obligation for tax and accounting records",
            ],
            [
              "Keeping the service secure, preventing fraud and abuse, and debugging",
              "Legitimate interests",
            ],
            [
              "Understanding how the website and product are used, in aggregate, to improve them",
              "Consent, where analytics cookies are used; otherwise legitimate interests",
            ],
            [
              "Answering your questions and rights requests",
              "Legal obligation; legitimate interests",
            ],
            ["Product news and offers by email, if you opt in", "Consent (withdraw at any time)"],
          ],
        },
        p(
          "Where we rely on legitimate interests we have balanced them against your rights; you can ask us for that assessment and you can object at any time. Where we rely on consent you can withdraw it at any time without affecting processing before the withdrawal.",
        ),
        p(
          "We do not sell personal data, we do not use it for advertising profiles, and we do not make decisions about you based solely on automated processing that produce legal effects concerning you or similarly significantly affect you. The health score is an automated assessment of your analytics property's tagging, not of you.",
        ),
      ],
    },
    {
      id: "sharing",
      title: "Processors and sharing",
      blocks: [
        p(
          "We share personal data only with service providers (processors) that process it on our behalf, under written contracts that require them to keep it confidential and secure and to use it only on our instructions:",
        ),
        {
          kind: "table",
          head: ["Processor (by kind)", "What it does", "Where"],
          rows: [
            [
              "Database and authentication host",
              "Stores the service's database and runs sign-in",
              "European Union",
            ],
            [
              "Payment provider (Dodo Payments)",
              "Takes card payments, runs subscriptions, issues refunds and acts as merchant of record for tax",
              "See its privacy policy",
            ],
            [
              "Analytics provider's API (Google Analytics)",
              "Answers the Admin and Data API requests our audits make with the access you grant",
              "United States and other Google locations",
            ],
            [
              "EU analytics service",
              "Measures visits to our website, with your consent where cookies are used",
              "European Union",
            ],
            [
              "Email delivery service",
              "Sends alerts, invitations and account emails",
              "May be outside the EEA; see International transfers",
            ],
          ],
        },
        p(
          "We may also disclose personal data where the law requires it (for example to a court or regulator), to protect the rights, property or safety of our users or others, or to a buyer of the business if Utmost is sold, in which case this policy continues to apply to your data. Members of a workspace can see each other's names and email addresses and the workspace's properties and reports.",
        ),
      ],
    },
    {
      id: "international-transfers",
      title: "International transfers",
      blocks: [
        p(
          "Utmost is operated from India, and some of our processors are based outside the European Economic Area (EEA) and the United Kingdom. Our database and authentication host and our analytics service are in the European Union. Where personal data from the EEA or UK is transferred to a country without an adequacy decision, we rely on the European Commission's Standard Contractual Clauses (and the UK Addendum) together with supplementary measures such as encryption in transit and at rest.",
        ),
        p(["You can ask us for a copy of the safeguards at ", mail(PRIVACY_EMAIL), "."]),
      ],
    },
    {
      id: "retention",
      title: "How long we keep data",
      blocks: [
        list(
          "Account, workspace, property and audit data: for as long as your account exists. When you delete your account it is kept for 30 days so you can recover it, then permanently deleted; deleted data is removed from our live systems within 30 days.",
          "Billing records (invoices, payments, refunds): 7 years, as tax and accounting law requires.",
          "Usage logs: 12 months.",
          "Backups: deleted data can remain in encrypted backups for up to 90 days, after which the backups are overwritten. Backups are not used for anything but disaster recovery.",
          "Inactive accounts: an account nobody has signed in to for 24 months is deleted, after a 60-day notice by email giving you the chance to keep it.",
          "Support correspondence: as long as needed to answer you, and at most as long as the account it relates to.",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        p(
          "Wherever you live, you can ask us for access to your personal data, to correct it, to delete it, and for a copy of it. If the GDPR applies to you, you also have the rights to restrict processing, to object to processing based on legitimate interests, to data portability, to withdraw consent, and to complain to a supervisory authority.",
        ),
        list(
          "Export: Settings lets you download everything about you and the workspaces you own, as CSV or JSON.",
          "Delete: Settings lets you delete your account; it is recoverable for 30 days, then permanently deleted with the workspaces you own and their data.",
          "Email address: contact support to change the email address on your account.",
          [
            "Any other right: email ",
            mail(PRIVACY_EMAIL),
            ` with the subject “${RIGHTS_REQUEST_SUBJECT}”.`,
          ],
        ),
        p(
          "We answer rights requests within one month of receiving them. Where a request is complex or we receive many, we may extend that by up to two more months, and we will tell you within the first month. Exercising your rights is free; we may charge a reasonable fee or refuse only where a request is manifestly unfounded, excessive or repetitive. We may ask you to confirm your identity before acting on a request.",
        ),
        p([
          "More detail on each right and how to exercise it is on our ",
          link("GDPR Compliance", "/gdpr#your-rights"),
          " page.",
        ]),
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        p(
          "Cookies are small files a website stores in your browser. We use two kinds, and similar browser storage:",
        ),
        sub(
          "Essential cookies and storage",
          p(
            "Needed for the service to work: your sign-in session cookie, the security cookies that protect sign-in and the Google connect step, the state of the sidebar (kept for 7 days), your selected workspace and, for a few minutes during connect, the tokens between Google's callback and saving a property. Essential cookies do not need your consent, because the service cannot work without them.",
          ),
        ),
        sub(
          "Analytics cookies",
          p(
            "Used by our EU analytics service to count visits and see which pages are used, in aggregate. Analytics cookies need your consent, and we set them only after you give it. Consent management (a banner to give, refuse and later change your choice) is being implemented; until it is live we do not set analytics cookies.",
          ),
        ),
        p(
          "We do not use advertising or cross-site tracking cookies. You can delete cookies or block them in your browser's settings; blocking essential cookies will stop you from signing in.",
        ),
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        p(
          "We protect personal data with measures appropriate to the risk: encryption in transit (HTTPS) and at rest, encrypted OAuth tokens, hashed passwords, optional two-factor sign-in, access checks on every request so that one workspace can never read another's data, least-privilege access for the operator, and monitored, access-controlled infrastructure.",
        ),
        p([
          "If you find a security vulnerability, please report it to ",
          mail(PRIVACY_EMAIL),
          ". We respond to urgent security reports within 72 hours.",
        ]),
        p(
          "If a personal data breach is likely to result in a risk to your rights and freedoms, we notify the competent supervisory authority within 72 hours of becoming aware of it, and we tell you without undue delay where the risk is high.",
        ),
      ],
    },
    {
      id: "children",
      title: "Children",
      blocks: [
        p(
          "Utmost is a business tool and is not directed at children. You must be at least 16 years old to use it. We do not knowingly collect personal data from anyone under 16; if you believe a child has given us personal data, contact us and we will delete it.",
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        p(
          "We update this policy when our processing changes or the law requires it. The date at the top shows the latest version. For material changes we notify account holders by email or in the product before they take effect.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      blocks: [
        list(
          ["Privacy and rights requests: ", mail(PRIVACY_EMAIL)],
          ["Legal inquiries: ", mail(LEGAL_EMAIL), " (we respond within 5 business days)"],
          ["Other inquiries: ", mail(SUPPORT_EMAIL), " (we respond within 30 days)"],
        ),
        p(
          `${CONTROLLER}. If you are unhappy with our answer you may complain to your data protection supervisory authority.`,
        ),
      ],
    },
  ],
};
