// Detects sessions referred by a webmail client or an email-sending service (mail.google.com,
// outlook.live.com, list-manage.com...) with no campaign tagging. These are newsletter and email
// clicks without UTMs: GA4 files them as Referral (or Organic Search), not Email, and no campaign.
import { sourceCategory } from "../channels/channel-group.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue, normalizeHost, siteDomain } from "../core/values.ts";
import { keyPart } from "../rules/tagging.ts";

interface EmailFamily {
  id: string;
  name: string;
}

function family(id: string, name: string): EmailFamily {
  return { id, name };
}

const GMAIL = family("gmail", "Gmail");
const OUTLOOK = family("outlook", "Outlook");
const YAHOO = family("yahoo-mail", "Yahoo Mail");
const AOL = family("aol-mail", "AOL Mail");
const PROTON = family("proton-mail", "Proton Mail");
const YANDEX = family("yandex-mail", "Yandex Mail");
const MAIL_RU = family("mail-ru", "Mail.ru");
const GMX = family("gmx-web-de", "GMX / WEB.DE");
const QQ = family("qq-mail", "QQ Mail");
const NETEASE = family("netease-mail", "NetEase Mail");
const ZOHO = family("zoho-mail", "Zoho Mail");
const BEEHIIV = family("beehiiv", "beehiiv");
const WEBMAIL = family("webmail", "webmail");

/** Webmail and mail-app referrers, by exact host (Android apps appear as their package name). */
const HOSTS = new Map<string, EmailFamily>([
  ["mail.google.com", GMAIL],
  ["inbox.google.com", GMAIL],
  ["com.google.android.gm", GMAIL],
  ["outlook.live.com", OUTLOOK],
  ["outlook.office.com", OUTLOOK],
  ["outlook.office365.com", OUTLOOK],
  ["outlook.cloud.microsoft", OUTLOOK],
  ["outlook.com", OUTLOOK],
  ["com.microsoft.office.outlook", OUTLOOK],
  ["mail.yahoo.com", YAHOO],
  ["mail.yahoo.co.jp", YAHOO],
  ["com.yahoo.mobile.client.android.mail", YAHOO],
  ["mail.aol.com", AOL],
  ["mail.proton.me", PROTON],
  ["mail.protonmail.com", PROTON],
  ["mail.yandex.ru", YANDEX],
  ["mail.yandex.com", YANDEX],
  // Only Mail.ru's mailbox hosts: go.mail.ru is its search engine, my.mail.ru a social network.
  ["e.mail.ru", MAIL_RU],
  ["touch.mail.ru", MAIL_RU],
  ["octavius.mail.ru", MAIL_RU],
  ["deref-gmx.net", GMX],
  ["deref-gmx.com", GMX],
  ["deref-web.de", GMX],
  ["deref-web-02.de", GMX],
  ["deref-mail.com", GMX],
  ["navigator.gmx.net", GMX],
  ["navigator.web.de", GMX],
  ["email.t-online.de", family("t-online-mail", "T-Online Mail")],
  ["email.seznam.cz", family("seznam-email", "Seznam Email")],
  ["mail.rambler.ru", family("rambler-mail", "Rambler Mail")],
  ["mail.qq.com", QQ],
  ["exmail.qq.com", QQ],
  ["mail.163.com", NETEASE],
  ["mail.126.com", NETEASE],
  ["links.iterable.com", family("iterable", "Iterable")],
]);

/** Webmail hosts by suffix (regional and numbered sub-domains). */
const HOST_PATTERNS: readonly [RegExp, EmailFamily][] = [
  [/\.mail\.yahoo\.com$/, YAHOO],
  [/(^|\.)mail\.live\.com$/, OUTLOOK],
  [/\.mail\.aol\.com$/, AOL],
  [/^mail\.zoho\.[a-z.]+$/, ZOHO],
  [/(^|\.)mail\.beehiiv\.com$/, BEEHIIV],
];

const MAILCHIMP = family("mailchimp", "Mailchimp");
const KLAVIYO = family("klaviyo", "Klaviyo");
const HUBSPOT = family("hubspot", "HubSpot");
const SALESFORCE = family("salesforce-marketing-cloud", "Salesforce Marketing Cloud");
const CONSTANT_CONTACT = family("constant-contact", "Constant Contact");
const CAMPAIGN_MONITOR = family("campaign-monitor", "Campaign Monitor");
const BREVO = family("brevo", "Brevo");
const ACTIVECAMPAIGN = family("activecampaign", "ActiveCampaign");
const KIT = family("kit", "Kit (ConvertKit)");

/** Email-service click-tracking, archive and hosted-page domains, by registrable domain. */
const DOMAINS = new Map<string, EmailFamily>([
  ["mailchi.mp", MAILCHIMP],
  ["list-manage.com", MAILCHIMP],
  ["campaign-archive.com", MAILCHIMP],
  ["klclick.com", KLAVIYO],
  ["klclick1.com", KLAVIYO],
  ["klclick2.com", KLAVIYO],
  ["klclick3.com", KLAVIYO],
  ["kmail-lists.com", KLAVIYO],
  ["klaviyomail.com", KLAVIYO],
  ["hubspotlinks.com", HUBSPOT],
  ["hubspotemail.net", HUBSPOT],
  ["sendgrid.net", family("sendgrid", "SendGrid")],
  ["mandrillapp.com", family("mandrill", "Mandrill")],
  ["exacttarget.com", SALESFORCE],
  ["exct.net", SALESFORCE],
  ["rs6.net", CONSTANT_CONTACT],
  ["ccsend.com", CONSTANT_CONTACT],
  ["createsend.com", CAMPAIGN_MONITOR],
  ["createsend1.com", CAMPAIGN_MONITOR],
  ["cmail19.com", CAMPAIGN_MONITOR],
  ["cmail20.com", CAMPAIGN_MONITOR],
  ["mjt.lu", family("mailjet", "Mailjet")],
  ["sendibt2.com", BREVO],
  ["sendibt3.com", BREVO],
  ["acemlna.com", ACTIVECAMPAIGN],
  ["acemlnb.com", ACTIVECAMPAIGN],
  ["acemlnc.com", ACTIVECAMPAIGN],
  ["acemlnd.com", ACTIVECAMPAIGN],
  ["convertkit-mail.com", KIT],
  ["convertkit-mail2.com", KIT],
  ["mlsend.com", family("mailerlite", "MailerLite")],
  ["awstrack.me", family("amazon-ses", "Amazon SES")],
]);

/** Any other "webmail." or "mail." host with at least three labels (mail.example.org). */
const GENERIC_WEBMAIL = /^(webmail|mail)\d*\.[^.]+\.[^.]+/;

/** Mediums GA4 gives a visit that carried no campaign tagging. */
const UNTAGGED_MEDIUMS = new Set(["referral"]);

/** A medium value GA4 gives a visit that carried no campaign tagging. */
function untaggedMedium(medium: string): boolean {
  return !isUserValue(medium) || UNTAGGED_MEDIUMS.has(keyPart(medium));
}

function emailFamily(source: string): EmailFamily | undefined {
  const host = normalizeHost(source);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut
  if (host === "") return undefined;
  const exact = HOSTS.get(host);
  if (exact) return exact;
  for (const [pattern, match] of HOST_PATTERNS) {
    if (pattern.test(host)) return match;
  }
  const byDomain = DOMAINS.get(siteDomain(host));
  if (byDomain) return byDomain;
  // A generic mail host that Google lists as a search or social site is not a mailbox.
  // Stryker disable next-line ConditionalExpression: the list's mail hosts (mail.yandex.ru, mail.rambler.ru) are in HOSTS
  if (GENERIC_WEBMAIL.test(host) && sourceCategory(host) === undefined) return WEBMAIL;
  return undefined;
}

export const untaggedEmailTraffic = defineCheck({
  id: "untagged-email-traffic",
  title: "Email clicks without UTM tags",
  severity: "warning",
  description:
    "Sessions referred by a webmail client or an email service (Gmail, Outlook, Mailchimp, Klaviyo...) carry no UTMs, so GA4 reports them as referrals instead of Email.",
  guide: {
    whyItMatters:
      "When a newsletter or email link has no UTMs, GA4 only sees the referrer: mail.google.com, outlook.live.com or the email service's click-tracking domain. The visit is reported as Referral (a few webmail hosts, such as mail.yandex.ru, are even on Google's search list and count as Organic Search), the Email channel is understated, and there is no campaign to tell one send from another. Clicks from desktop mail apps send no referrer at all and disappear into Direct, so the loss is larger than these rows show.",
    howToFix:
      "Tag every link in your emails with utm_source (the list or tool, such as newsletter or mailchimp), utm_medium=email and utm_campaign (the send or flow). Most email tools can add UTMs automatically: turn on Google Analytics link tracking in Mailchimp, UTM tracking in Klaviyo or HubSpot, and check transactional and automated emails too, which are often left out.",
    exampleWrong:
      "https://www.example.com/sale (clicked in Gmail, reported as mail.google.com / referral)",
    exampleCorrect:
      "https://www.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [
    ["sessionManualSource", "sessionSource"],
    ["sessionManualMedium", "sessionMedium"],
  ],
  run(data, findings) {
    // A referral's host is in the resolved source; the manual one is (not set) without UTMs.
    const sourceDimension = data.has("sessionSource")
      ? "sessionSource"
      : data.utmDimension("source");
    // Stryker disable next-line ConditionalExpression: requires a source dimension
    if (!sourceDimension) return;
    // Read by value id: each source and medium is judged once, and rows are added by id.
    const sources = data.column(sourceDimension);
    // The row's session medium, else its UTM medium: whether each value says untagged.
    const mediumColumns = [
      data.columnBeside(sources, "sessionMedium"),
      data.columnBeside(sources, data.utmField("medium")),
    ].map((column) => ({ column, untagged: column.values.map(untaggedMedium) }));
    const untagged = (id: number): boolean => {
      for (const { column, untagged } of mediumColumns) {
        const medium = column.valueOfRow[id - sources.firstId] as number;
        if (medium >= 0) return untagged[medium] as boolean;
      }
      return true;
    };
    const { values, starts, ids } = sources;
    for (let v = 0; v < values.length; v++) {
      const source = values[v] as string;
      // Stryker disable next-line ConditionalExpression: placeholders are no mail host
      if (!isUserValue(source)) continue;
      const match = emailFamily(source);
      if (!match || data.isOwnHost(source)) continue;
      const rows: number[] = [];
      for (let i = starts[v] as number; i < (starts[v + 1] as number); i++) {
        if (untagged(ids[i] as number)) rows.push(ids[i] as number);
      }
      if (rows.length === 0) continue;
      findings.addIds(
        `email-host:${match.id}`,
        `Email clicks from ${match.name} arrive without UTMs`,
        rows,
        0,
        rows.length,
        { values: [source], field: sourceDimension },
      );
    }
  },
});
