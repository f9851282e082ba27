function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    // Control characters and backslashes can be normalised by browsers into another origin.
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/**
 * Returns `value` when it is a path on this site ("/invite/accept?token=x"), otherwise null, so
 * a crafted `?redirect=` can never send a user to another origin ("//evil.test", "https://…").
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  if (hasUnsafeCharacter(value)) return null;
  const base = "http://same.origin";
  if (new URL(value, base).origin !== base) return null;
  return value;
}
