import type { CheckDefinition } from "../core/check.ts";
import { missingUtmSource } from "./missing-utm-source.ts";

/**
 * Every check, in the order reports list them. Each lives in its own file
 * (`checks/<check-id>.ts`) and is registered here.
 */
export const checks: readonly CheckDefinition[] = [missingUtmSource];
