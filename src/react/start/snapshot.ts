/**
 * What the server tells the browser about a request: the signed-in user in the client's view (never the server
 * fields), or `null` for a visitor, and the project's client view. A route's `beforeLoad` returns it through a
 * server function; the provider seeds its cache with it, and the guards read it. What one page reads beyond
 * that (account settings' lists, ...) comes as `StackPageData`, through the page's loader.
 */
import type { ClientProject } from "../../domain/project.js"
import type { ClientUser } from "../../domain/user.js"
import type { QueryKey } from "../cache.js"

/** The request's user as the browser may see them: `{ user: null }` for a visitor. */
export interface StackSnapshot {
  readonly user: ClientUser | null
  /**
   * The session is a restricted user's whom the rules read as nobody (e.g. an unverified e-mail): a guard sends
   * them to finish their account (the onboarding page) rather than to sign in again, as `useUser({ or:
   * "redirect" })` does. Absent means false.
   */
  readonly restricted?: boolean | undefined
  /**
   * The project as `useProject()` reads it (its display name and sign-in switches), so that the handler pages
   * render on the server and hydrate without asking for it. Absent when the server could not read it: the
   * browser then loads it, and shows a failure where the page reads it.
   */
  readonly project?: ClientProject | undefined
}

/**
 * An answer as it crosses from the server to the browser: what the client's decoders build (plain objects,
 * arrays, strings, numbers, booleans, `null`, `Date`s), which TanStack Start's serializer carries as they are.
 */
export type SeedValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Date
  | ReadonlyArray<SeedValue>
  | { readonly [key: string]: SeedValue }

/** One answer the server loaded for the browser's cache: the query's key and its value. */
export interface StackSeed {
  readonly key: QueryKey
  readonly value: SeedValue
}

/**
 * The answers a server-rendered page reads in its first render beyond the snapshot, loaded on the server for
 * the request's session (`context.stack.handlerPageData(route)` or `context.stack.prefetch(queries)`) and
 * handed to the page's `useStackPageData`: the page renders them on the server and hydrates without a request.
 */
export interface StackPageData {
  /**
   * Whether the server read them for a session: the browser uses them only while its own session says the
   * same (signed in or not), as it does the snapshot's user.
   */
  readonly signedIn: boolean
  readonly seeds: ReadonlyArray<StackSeed>
}
