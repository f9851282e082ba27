// Detects the site's own hosts reported as a referral source (www.example.com / referral). Each
// such session replaced the visitor's real source, a sign of missing cross-domain measurement,
// an untagged page or a missing unwanted-referral entry (ga4-protocol.md §6.5 point 5).
import { defineCheck } from "../core/check.ts";
import { isUserValue, normalizeHost } from "../core/values.ts";
import { landingUtms } from "../rules/urls.ts";

export const selfReferral = defineCheck({
  id: "self-referral",
  title: "Your own site as a referral source",
  severity: "warning",
  description:
    "Sessions have one of the site's own hosts as their source with medium referral, so they lost the source that actually brought the visitor.",
  guide: {
    whyItMatters:
      "A referral from your own domain means GA4 started a new session on a page reached from another of your pages, and credited it to your site instead of the ad, email or search that brought the visitor. It happens when pages on another host or sub-domain (a shop, a booking system, a help centre) are not measured with the same setup, when cross-domain measurement is not configured, or when a page without the GA4 tag sits in the journey. Conversions after the hop are credited to Referral instead of the campaign.",
    howToFix:
      "In Admin > Data streams > your web stream > Configure tag settings, add every host the journey passes through to Configure your domains (cross-domain measurement), make sure every page, including those on sub-domains, loads the same GA4 tag, and list the host under List unwanted referrals if it still appears. If a sub-domain is a separate site you do not measure, its referrals may be genuine and can stay.",
    exampleWrong: "Session source / medium: shop.example.com / referral",
    exampleCorrect:
      "Session source / medium: google / cpc (the visitor's real source, kept across www.example.com and shop.example.com)",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10327750",
  },
  requires: [
    ["sessionSource", "sessionManualSource"],
    ["sessionMedium", "sessionManualMedium"],
  ],
  skipUnless: (data) => (data.hasSiteHosts ? undefined : "the site's own hosts are unknown"),
  run(data, findings) {
    const listed = new Set(
      data.context.siteHosts.flatMap((host) => {
        const normal = normalizeHost(host);
        return [normal, normal.replace(/^www\./, "")];
      }),
    );
    const groups = new Map<string, { host: string; sources: Set<string>; ids: number[] }>();
    // Read by value id: each source, medium and landing value is judged once, not once a row.
    const sources = data.firstOfColumn(["sessionSource", "sessionManualSource"]);
    const mediums = data.firstOfColumn(["sessionMedium", "sessionManualMedium"]);
    const ownSource = sources.values.map((source) => isUserValue(source) && data.isOwnHost(source));
    // Stryker disable next-line ConditionalExpression: a shortcut: no own host, no finding
    if (!ownSource.includes(true)) return;
    const referral = mediums.values.map((medium) => medium.trim().toLowerCase() === "referral");
    const landings = data.ownColumn("landingPagePlusQueryString");
    // 1 once a landing value is known to carry no utm_source, 2 once known to carry one.
    const landingTagged = new Uint8Array(landings.values.length);
    const firstId = data.firstId;
    for (let r = 0; r < data.rowCount; r++) {
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      if (source < 0 || !ownSource[source] || medium < 0 || !referral[medium]) continue;
      // A link tagged utm_source=<own host> is an internal UTM link: internal-utm-link reports it.
      const landing = landings.valueOfRow[r] as number;
      // Stryker disable next-line ConditionalExpression: no landing, no UTMs
      if (landing >= 0) {
        if (landingTagged[landing] === 0) {
          const tagged = landingUtms(landings.values[landing] as string).has("utm_source");
          landingTagged[landing] = tagged ? 2 : 1;
        }
        if (landingTagged[landing] === 2) continue;
      }
      const value = sources.values[source] as string;
      const host = normalizeHost(value);
      let group = groups.get(host);
      if (!group) {
        group = { host, sources: new Set(), ids: [] };
        groups.set(host, group);
      }
      group.sources.add(value);
      group.ids.push(firstId + r);
    }
    for (const group of groups.values()) {
      const isListed = listed.has(group.host) || listed.has(group.host.replace(/^www\./, ""));
      findings.addIds(
        `host:${group.host}`,
        isListed
          ? `Your own host ${group.host} appears as a referral source`
          : `Your sub-domain ${group.host} appears as a referral source`,
        group.ids,
        0,
        group.ids.length,
        { values: group.sources, field: "sessionSource" },
      );
    }
  },
});
