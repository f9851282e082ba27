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

export function markOnboardingCompleted(): void {
  safeStorage()?.setItem(ONBOARDING_COMPLETED_KEY, "true");
}
