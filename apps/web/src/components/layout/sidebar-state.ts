import { readCookie, serializeCookie } from "@/lib/cookies";

/** Spec §3 and §9: the sidebar's expanded/collapsed state is remembered for 7 days. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Expanded unless the cookie says "false". */
export function parseSidebarState(cookieString: string): boolean {
  return readCookie(cookieString, SIDEBAR_COOKIE_NAME) !== "false";
}

export function sidebarStateCookie(open: boolean): string {
  return serializeCookie(SIDEBAR_COOKIE_NAME, String(open), {
    path: "/",
    maxAgeSeconds: SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  });
}

export function readSidebarState(): boolean {
  return parseSidebarState(document.cookie);
}

export function writeSidebarState(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is what spec §3 asks for.
  document.cookie = sidebarStateCookie(open);
}
