/**
 * `stackfx/react/handler`: the handler pages (sign-in, sign-up, sign-out, email verification, forgot and reset
 * password, the OAuth and magic-link callbacks, account settings, team invitation, error) and their
 * TanStack Router routes (one per page, each page's code loaded on first visit).
 */
export { preloadStackHandler, StackHandler, type StackHandlerProps } from "./stack-handler.js"
export { routerNavigate, stackHandlerRoute } from "./route.js"
export { stackHandlerRoutes, type StackHandlerRouteOptions } from "./routes.js"
export { decodeHandlerSearch, HANDLER_SEARCH_PARAMS, type HandlerSearch } from "./search.js"
// Only what the pages do not import themselves: a module this entry reaches and a lazy page uses would load
// with every app's first page, the handler's or not (see ./pages/lazy.ts).
export { DEFAULT_DASHBOARD_URL, OAUTH_CALLBACK_FAILED_MESSAGE, OAUTH_INVALID_TOTP_MESSAGE } from "./messages.js"
