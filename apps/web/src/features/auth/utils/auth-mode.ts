export type AuthMode = "signup" | "signin" | "forgot";

/** Spec §2 /auth: sign-up unless the query asks for sign-in (or the forgot-password form). */
export function parseAuthMode(value: string | null): AuthMode {
  if (value === "signin" || value === "forgot") return value;
  return "signup";
}
