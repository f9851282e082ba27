/**
 * Spec §8 Subscriptions: a failure whose message mentions a local or Docker environment is a
 * limitation of where the app runs, not an error of the user's, so it is not shown as one. No
 * imports: the landing page's own script (src/landing/checkout.ts) reads it too.
 */
export function isLocalEnvironmentMessage(message: string): boolean {
  return /local|docker/i.test(message);
}
