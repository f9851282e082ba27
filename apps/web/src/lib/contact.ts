/**
 * Where visitors reach us. The spec names no address; this is the one the legal pages publish
 * (features/legal/content/facts.ts re-exports it), so the footer and the legal pages agree.
 */
export const SUPPORT_EMAIL = "support@utmost.app";
