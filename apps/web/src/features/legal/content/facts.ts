import { link } from "./types";

export { SUPPORT_EMAIL } from "@/lib/contact";

/**
 * Who we are and how to reach us, the same on every legal page (spec §1, §9 "Legal facts").
 */
export const LEGAL_LAST_UPDATED = "November 1, 2025";

export const CONTROLLER =
  "Utmost is operated by an individual trading as Utmost, based in Bengaluru, India";
export const CONTROLLER_LOCATION = "Bengaluru, Karnataka, India";

export const PRIVACY_EMAIL = "privacy@utmost.app";
export const LEGAL_EMAIL = "legal@utmost.app";

export const mail = (address: string) => link(address, `mailto:${address}`);

export const RIGHTS_REQUEST_SUBJECT = "GDPR Rights Request - [Your Right]";

export const EU_AUTHORITIES_URL = "https://edpb.europa.eu/about-edpb/about-edpb/members_en";
