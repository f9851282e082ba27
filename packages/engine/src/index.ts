export {
  checkLinkValues,
  hasLinkErrors,
  type LinkProblem,
  type LinkProblems,
  type LinkValues,
} from "./builder/link-values.ts";
export { baseUrlProblem, buildTaggedUrl, utmParamsIn, withScheme } from "./builder/tagged-url.ts";
export {
  CHANNELS,
  type Channel,
  type ChannelInput,
  type ChannelPrediction,
  explainChannel,
  isPaidMedium,
  predictChannel,
  sourceCategory,
} from "./channels/channel-group.ts";
export { checks } from "./checks/index.ts";
export { AuditData, UTM_PARAMS, type ValueStats } from "./core/audit-data.ts";
export {
  type Auditor,
  audit,
  type Combination,
  type CombinationValues,
  createAuditor,
  InvalidRowError,
} from "./core/auditor.ts";
export { sameBytes } from "./core/bytes.ts";
export { type CheckDefinition, defineCheck, type Requirement } from "./core/check.ts";
export { FindingCollector } from "./core/findings.ts";
export * from "./core/types.ts";
export {
  CONVENTION_LIMITS,
  CONVENTION_TEMPLATES,
  type ConventionError,
  type ConventionTemplate,
  FIXED_MEDIUMS,
  validateConventions,
} from "./rules/conventions.ts";
export { GOOGLE_CLICK_ID_PARAMS, OTHER_CLICK_ID_PARAMS } from "./rules/tagging.ts";
export { healthGrade, healthScore } from "./scoring/score.ts";
