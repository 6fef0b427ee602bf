/**
 * The handler pages (sign-in, sign-up, sign-out, email verification, forgot and reset
 * password, the OAuth and magic-link callbacks, account settings, team invitation, error) and their
 * TanStack Router route.
 */
export { StackHandler, type StackHandlerProps } from "./stack-handler.js"
export { routerNavigate, stackHandlerRoute, type StackHandlerRouteOptions } from "./route.js"
export { DEFAULT_DASHBOARD_URL, describeError, type DescribedError, domainsFixUrl } from "./describe-error.js"
export { handlerCss } from "./styles.js"
export { OAUTH_INVALID_TOTP_MESSAGE } from "./mfa-prompt.js"
export { OAUTH_CALLBACK_FAILED_MESSAGE } from "./pages/oauth-callback.js"
