/**
 * What the server tells the browser about a request's session: the signed-in user in the client's view
 * (never the server fields), or `null` for a visitor. A route's `beforeLoad` returns it through a server
 * function; the provider seeds its cache with it, and the guards read it.
 */
import type { ClientUser } from "../../domain/user.js"

/** The request's user as the browser may see them: `{ user: null }` for a visitor. */
export interface StackSnapshot {
  readonly user: ClientUser | null
}
