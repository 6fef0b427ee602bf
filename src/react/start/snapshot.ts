/**
 * What the server tells the browser about a request's session: the signed-in user in the client's view
 * (never the server fields), or `null` for a visitor. A route's `beforeLoad` returns it through a server
 * function; the provider seeds its cache with it, and the guards read it.
 */
import type { ClientUser } from "../../domain/user.js"

/** The request's user as the browser may see them: `{ user: null }` for a visitor. */
export interface StackSnapshot {
  readonly user: ClientUser | null
  /**
   * The session is a restricted user's whom the rules read as nobody (e.g. an unverified e-mail): a guard sends
   * them to finish their account (the onboarding page) rather than to sign in again, as `useUser({ or:
   * "redirect" })` does. Absent means false.
   */
  readonly restricted?: boolean | undefined
}
