/**
 * Who is looking at the landing page. A visitor with no session cookie is signed out and the page
 * asks the API nothing: the server marks the page it sends (`data-session-cookie` on `<html>`,
 * apps/server/src/modules/web/web.routes.ts) when the request carried Better Auth's session
 * cookie, which scripts cannot read (httpOnly). Only then is `GET /api/session` asked, and a
 * signed-in visitor sees the page the app shows them: the way to their dashboard, and checkout
 * from the plans.
 */

import { pageCameWithSessionCookie } from "@/lib/session-cookie-mark";

export interface SignedInViewer {
  /** The visitor's plan, null when they have no subscription. */
  tier: string | null;
}

/** The `GET /api/session` answer (the `GET /api/me` body, or null) as far as this page reads it. */
export function readViewer(body: unknown): SignedInViewer | null {
  if (typeof body !== "object" || body === null) return null;
  const subscription = (body as { subscription?: unknown }).subscription;
  const tier =
    typeof subscription === "object" && subscription !== null
      ? (subscription as { tier?: unknown }).tier
      : null;
  return { tier: typeof tier === "string" ? tier : null };
}

/**
 * The signed-in visitor, or null: signed out, no session cookie (nothing asked), or a failed
 * answer, which leaves the page as a visitor's, as the app does.
 */
export async function probeSession(doc: Document = document): Promise<SignedInViewer | null> {
  if (!pageCameWithSessionCookie(doc)) return null;
  try {
    const response = await fetch("/api/session", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    return readViewer(await response.json());
  } catch {
    return null;
  }
}

/** Whether the visitor is signed in, for the parts of the page that change with it. */
export class SessionState {
  #viewer: SignedInViewer | null = null;
  #listeners: (() => void)[] = [];

  get viewer(): SignedInViewer | null {
    return this.#viewer;
  }

  signIn(viewer: SignedInViewer) {
    this.#viewer = viewer;
    for (const listener of this.#listeners) listener();
  }

  onChange(listener: () => void) {
    this.#listeners.push(listener);
  }
}

/**
 * A page shown signed in and brought back by the browser's back-forward cache may be out of date:
 * the visitor signed out since, elsewhere in the app. It asks again, and when they are no longer
 * signed in reloads, so the server sends the page as a visitor's. (A page shown signed out asks
 * nothing: a visitor without a session makes no API call.)
 */
export function refreshWhenRestored(
  session: SessionState,
  win: Window = window,
  reload: () => void = () => win.location.reload(),
) {
  win.addEventListener("pageshow", (event) => {
    if (!event.persisted || !session.viewer) return;
    void probeSession(win.document).then((viewer) => {
      if (!viewer) reload();
    });
  });
}
