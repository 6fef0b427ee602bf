/**
 * The handler pages (sign-in, sign-up, sign-out, email verification, forgot and reset
 * password, the OAuth and magic-link callbacks, account settings, team invitation, error) and their
 * TanStack Router routes (one per page, each page's code loaded on first visit).
 */
export { StackHandler, type StackHandlerProps } from "./stack-handler.js"
export { routerNavigate, stackHandlerRoute } from "./route.js"
export { stackHandlerRoutes, type StackHandlerRouteOptions } from "./routes.js"
export { decodeHandlerSearch, HANDLER_SEARCH_PARAMS, type HandlerSearch } from "./search.js"
export { DEFAULT_DASHBOARD_URL, describeError, type DescribedError, domainsFixUrl } from "./describe-error.js"
export { handlerCss } from "./styles.js"
export { OAUTH_INVALID_TOTP_MESSAGE } from "./mfa-prompt.js"
export { OAUTH_CALLBACK_FAILED_MESSAGE } from "./pages/oauth-callback.js"
