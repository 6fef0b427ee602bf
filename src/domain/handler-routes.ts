/** The handler's pages: the redirects service links to them and the React handler serves them. */

/** Default handler base path; the handler routes live below it. @internal */
export const DEFAULT_HANDLER_PATH = "/handler"
/** Handler route names, relative to the handler base. */
export const HANDLER_ROUTES = [
  "sign-in",
  "sign-up",
  "sign-out",
  "email-verification",
  "password-reset",
  "forgot-password",
  "oauth-callback",
  "magic-link-callback",
  "account-settings",
  "error",
  "team-invitation",
  "cli-auth-confirm",
  "agent-auth-confirm",
  "onboarding",
  "mfa"
] as const
/** The name of a handler page, the path segment after the handler's base (e.g. `"sign-in"`). */
export type HandlerRoute = (typeof HANDLER_ROUTES)[number]
