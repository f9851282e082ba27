/**
 * A production deployment's environment, complete enough for env.ts to accept it. createTestApp
 * replaces the database with the test's own, so DATABASE_URL only has to be there; mail goes to
 * the log (MAIL_TRANSPORT=log), and the test app keeps it in its outbox to read.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://utmost@database.invalid:5432/utmost",
  MAIL_TRANSPORT: "log",
  APP_SECRET: "a-production-secret-of-at-least-32-chars",
  APP_URL: "https://utmost.example.com",
} as const;
