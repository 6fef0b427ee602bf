/**
 * `stackfx/react-start/server`: the server's half, for server code only (`createStart`, server functions,
 * server routes). It holds the server tier's secret key: a module the browser loads must not import it.
 */
export { type StackStartContext, stackStartServer } from "./middleware.js"
export {
  countsAsSignedIn,
  type IncomingRequest,
  makeStackRequests,
  type StackRequest,
  StackRequestUser,
  type StackRequestUserShape,
  type StackStartServerOptions,
  type UserReadError
} from "./request-user.js"
export type { SessionUser } from "../../services/app-server/session-user.js"
export { makeSharedRefreshes, type SharedRefreshes } from "./shared-refresh.js"
export {
  makeRequestCookieTokenStore,
  requestCookieTokenStore,
  type RequestCookieTokenStoreOptions
} from "../../services/app-server/token-store-request.js"
export type { SeedValue, StackPageData, StackSeed, StackSnapshot } from "./snapshot.js"
export type { SeedableQuery } from "./handler-page-queries.js"
export { type SecureCookieOptions, secureCookiesFor } from "./secure-cookies.js"
