/** Keys the app keeps in localStorage (spec §3, "Browser storage"). */
const SELECTED_WORKSPACE_KEY = "selectedWorkspaceId";
const ONBOARDING_COMPLETED_KEY = "onboardingCompleted";

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function getSelectedWorkspaceId(): string | null {
  return safeStorage()?.getItem(SELECTED_WORKSPACE_KEY) ?? null;
}

export function setSelectedWorkspaceId(workspaceId: string): void {
  safeStorage()?.setItem(SELECTED_WORKSPACE_KEY, workspaceId);
}

export function clearSelectedWorkspaceId(): void {
  safeStorage()?.removeItem(SELECTED_WORKSPACE_KEY);
}

export function markOnboardingCompleted(): void {
  safeStorage()?.setItem(ONBOARDING_COMPLETED_KEY, "true");
}

/**
 * Session storage: set while a property connection started from onboarding is away at Google,
 * so the connect page sends the user back to the onboarding scan step after saving (spec §4).
 */
const ONBOARDING_CONNECT_KEY = "onboardingConnect";

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberOnboardingConnect(): void {
  safeSessionStorage()?.setItem(ONBOARDING_CONNECT_KEY, "true");
}

export function isOnboardingConnect(): boolean {
  return safeSessionStorage()?.getItem(ONBOARDING_CONNECT_KEY) === "true";
}

export function forgetOnboardingConnect(): void {
  safeSessionStorage()?.removeItem(ONBOARDING_CONNECT_KEY);
}

/**
 * Session storage: set while a reconnect (spec §4) is away at Google. Google's refusal comes back
 * to the connect page's `?error=` as a new connection's does; this tells the page it was a
 * reconnect, which fails as 'Failed to reconnect' (§8).
 */
const RECONNECT_KEY = "googleReconnect";

export function rememberReconnect(): void {
  safeSessionStorage()?.setItem(RECONNECT_KEY, "true");
}

export function isReconnect(): boolean {
  return safeSessionStorage()?.getItem(RECONNECT_KEY) === "true";
}

export function forgetReconnect(): void {
  safeSessionStorage()?.removeItem(RECONNECT_KEY);
}
