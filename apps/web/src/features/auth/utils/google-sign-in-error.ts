/**
 * What to tell a person Google sign-in sent back to /auth with `?error=` (Better Auth's codes and
 * OAuth's `access_denied`).
 */
export function googleSignInErrorMessage(code: string): string {
  switch (code) {
    case "access_denied":
      return "Google sign-in was cancelled.";
    case "account_not_linked":
      return "This email already has an Utmost account. Sign in with your email and password.";
    case "email_not_found":
      return "Google did not share an email address, so no account could be made.";
    default:
      return "Google did not complete the sign-in. Please try again.";
  }
}
