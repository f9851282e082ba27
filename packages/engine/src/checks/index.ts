import type { CheckDefinition } from "../core/check.ts";
import { campaignTypo } from "./campaign-typo.ts";
import { campaignWithNaturalMedium } from "./campaign-with-natural-medium.ts";
import { caseInconsistency } from "./case-inconsistency.ts";
import { clickIdWithoutUtm } from "./click-id-without-utm.ts";
import { conflictingSourceMedium } from "./conflicting-source-medium.ts";
import { duplicateUtmParameter } from "./duplicate-utm-parameter.ts";
import { emptyUtmValue } from "./empty-utm-value.ts";
import { encodingArtifacts } from "./encoding-artifacts.ts";
import { excessiveLength } from "./excessive-length.ts";
import { gclidUtmConflict } from "./gclid-utm-conflict.ts";
import { googleAdsAutoTaggingOff } from "./google-ads-auto-tagging-off.ts";
import { highCardinality } from "./high-cardinality.ts";
import { internalUtmLink } from "./internal-utm-link.ts";
import { malformedQuery } from "./malformed-query.ts";
import { mediumSynonyms } from "./medium-synonyms.ts";
import { missingUtmCampaign } from "./missing-utm-campaign.ts";
import { missingUtmMedium } from "./missing-utm-medium.ts";
import { missingUtmSource } from "./missing-utm-source.ts";
import { misspelledUtmParameter } from "./misspelled-utm-parameter.ts";
import { mixedSeparators } from "./mixed-separators.ts";
import { namingConvention } from "./naming-convention.ts";
import { newValuesSinceLastScan } from "./new-values-since-last-scan.ts";
import { nonAsciiValue } from "./non-ascii-value.ts";
import { nonStandardMedium } from "./non-standard-medium.ts";
import { organicMediumMisuse } from "./organic-medium-misuse.ts";
import { paidMediumNotRecognized } from "./paid-medium-not-recognized.ts";
import { paidTrafficWithoutCampaign } from "./paid-traffic-without-campaign.ts";
import { paymentGatewayReferral } from "./payment-gateway-referral.ts";
import { piiInUtm } from "./pii-in-utm.ts";
import { placeholderValue } from "./placeholder-value.ts";
import { platformAsMedium } from "./platform-as-medium.ts";
import { queryStringInValue } from "./query-string-in-value.ts";
import { selfReferral } from "./self-referral.ts";
import { separatorVariants } from "./separator-variants.ts";
import { sourceAlias } from "./source-alias.ts";
import { sourceMediumSwapped } from "./source-medium-swapped.ts";
import { sourceTypo } from "./source-typo.ts";
import { termOnNonSearch } from "./term-on-non-search.ts";
import { trackingLostInRedirect } from "./tracking-lost-in-redirect.ts";
import { unassignedTraffic } from "./unassigned-traffic.ts";
import { unreplacedMacro } from "./unreplaced-macro.ts";
import { untaggedEmailTraffic } from "./untagged-email-traffic.ts";
import { utmIdInconsistent } from "./utm-id-inconsistent.ts";
import { utmInPath } from "./utm-in-path.ts";
import { whitespaceInValue } from "./whitespace-in-value.ts";

/**
 * Every check, in the order reports list them. Each lives in its own file
 * (`checks/<check-id>.ts`) and is registered here.
 */
export const checks: readonly CheckDefinition[] = [
  // Missing or incomplete tagging
  missingUtmSource,
  missingUtmMedium,
  missingUtmCampaign,
  emptyUtmValue,
  clickIdWithoutUtm,
  paidTrafficWithoutCampaign,
  googleAdsAutoTaggingOff,
  untaggedEmailTraffic,
  // Channel mapping
  unassignedTraffic,
  nonStandardMedium,
  paidMediumNotRecognized,
  mediumSynonyms,
  platformAsMedium,
  sourceMediumSwapped,
  conflictingSourceMedium,
  organicMediumMisuse,
  campaignWithNaturalMedium,
  sourceAlias,
  // Value hygiene
  caseInconsistency,
  whitespaceInValue,
  mixedSeparators,
  separatorVariants,
  encodingArtifacts,
  queryStringInValue,
  unreplacedMacro,
  placeholderValue,
  campaignTypo,
  sourceTypo,
  excessiveLength,
  highCardinality,
  nonAsciiValue,
  piiInUtm,
  // URL structure and attribution
  internalUtmLink,
  selfReferral,
  paymentGatewayReferral,
  utmInPath,
  malformedQuery,
  misspelledUtmParameter,
  duplicateUtmParameter,
  gclidUtmConflict,
  trackingLostInRedirect,
  utmIdInconsistent,
  termOnNonSearch,
  // Drift and conventions
  newValuesSinceLastScan,
  namingConvention,
];
