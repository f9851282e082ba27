import { z } from "zod";
import { text } from "./text.ts";

/** Spec §5 and §9: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

const email = text("Email")
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"));

const password = text("Password")
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, "Password must be at most 128 characters");

export const FullNameSchema = text("Full name")
  .trim()
  .min(1, "Full name is required")
  .max(200, "Full name must be at most 200 characters");

/** Spec §5: sign-up sends full name, email and password. */
export const SignUpRequestSchema = z.object({
  fullName: FullNameSchema,
  email,
  password,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({ email, password });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: text("Reset token").min(1, "Reset token is required"),
  newPassword: password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

const sitePath = text("The path", { error: "must be a path on this site" })
  .regex(/^\/(?!\/)[^\s\\]*$/, "must be a path on this site")
  .max(2000, "must be at most 2000 characters");

/**
 * `POST /api/auth/sign-in/social`: "Continue with Google" (spec §2 /auth). Where the browser
 * lands afterwards: an existing user at `callbackURL`, a new one at `newUserCallbackURL`, and
 * a refusal or failure at `errorCallbackURL` with an `error` query parameter.
 */
export const GoogleSignInRequestSchema = z.object({
  provider: z.literal("google", { error: "provider must be google" }),
  callbackURL: sitePath.default("/dashboard"),
  newUserCallbackURL: sitePath.default("/onboarding"),
  errorCallbackURL: sitePath.default("/auth"),
});
export type GoogleSignInRequest = z.input<typeof GoogleSignInRequestSchema>;

export const GoogleSignInResponseSchema = z.object({ url: z.url() });
export type GoogleSignInResponse = z.infer<typeof GoogleSignInResponseSchema>;

/** Who an email sign-in or a second-factor check signed in (never the session token). */
export const AuthUserSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });
export type AuthUser = z.infer<typeof AuthUserSchema>;

/**
 * `POST /api/auth/sign-in/email`: signed in, or, for a user with two-factor sign-in on, the
 * password was right and a code is due next (no session until then).
 */
export const SignInResponseSchema = z.union([
  z.object({ user: AuthUserSchema }),
  z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** Turning two-factor sign-in on or off asks for the account's password again. */
export const TwoFactorPasswordRequestSchema = z.object({
  password: text("Password")
    .min(1, "Password is required")
    .max(128, "Password must be at most 128 characters"),
});
export type TwoFactorPasswordRequest = z.infer<typeof TwoFactorPasswordRequestSchema>;

/**
 * `POST /api/auth/two-factor/enable`: the authenticator app's otpauth:// URI and ten single-use
 * backup codes, shown once. Two-factor sign-in is on only after a first code is verified.
 */
export const EnableTwoFactorResponseSchema = z.object({
  totpURI: z.string().startsWith("otpauth://"),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof EnableTwoFactorResponseSchema>;

/** `POST /api/auth/two-factor/verify-totp`: the authenticator app's current 6-digit code. */
export const VerifyTotpRequestSchema = z.object({
  code: text("The code", { error: "Enter the 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
});
export type VerifyTotpRequest = z.infer<typeof VerifyTotpRequestSchema>;

/** `POST /api/auth/two-factor/verify-backup-code`: one of the backup codes, each good once. */
export const VerifyBackupCodeRequestSchema = z.object({
  code: text("The backup code", { error: "Enter a backup code" })
    .trim()
    .min(1, "Enter a backup code")
    .max(64, "Backup codes are at most 64 characters"),
});
export type VerifyBackupCodeRequest = z.infer<typeof VerifyBackupCodeRequestSchema>;
