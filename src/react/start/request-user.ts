/**
 * The user of one request to a server-rendered app, framework-free (the TanStack Start middleware is
 * middleware.ts): the session read from the request's cookies and verified locally by the server tier's
 * `RequestAuth` (an expired access token is refreshed, and the new cookies go out with the answer), the
 * user with server fields under the client's rules for restricted and anonymous users, and the server tier
 * acting for that user, whose session lives in the same cookies.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import { ClientUser, ServerUser } from "../../domain/user.js"
import type { RequestSession } from "../../services/app-server/request-auth.js"
import { makeRequestAuth, type RequestAuthShape } from "../../services/app-server/request-auth.js"
import { makeTokenVerifier, TokenVerifier } from "../../services/app-server/jwt-verify.js"
import { ClientConfig } from "../../services/wire/client-config.js"
import { makeRequestCookieTokenStore } from "../../services/app-server/token-store-request.js"
import { noTokens, TokenStore, type TokenStoreShape } from "../../services/session/token-store.js"
import { Auth } from "../../services/generated/auth.js"
import { ServerUsers } from "../../services/generated/server-users.js"
import { ServerTeamPermissions } from "../../services/generated/team-permissions.js"
import type { ServerTierOptions } from "../../layers/config.js"
import { type ServerServices, serverTier } from "../../layers/server.js"
import type { TierError } from "../../layers/tier.js"
import type { ClientProject } from "../../domain/project.js"
import { type ClientServices, clientTier } from "../../layers/client.js"
import { Projects } from "../../services/generated/projects.js"
import { handlerPageSeeds, loadSeeds, type SeedableQuery } from "./handler-page-queries.js"
import { type SecureCookieOptions, secureCookiesFor } from "./secure-cookies.js"
import type { StackPageData, StackSeed, StackSnapshot } from "./snapshot.js"
import type { SharedRefreshes } from "./shared-refresh.js"

/** The signed-in user of the request (`null` for a visitor) and their verified session. */
export interface StackRequestUserShape {
  readonly user: ServerUser | null
  /** The session's claims and tokens; present for a guest or restricted user the rules read as nobody too. */
  readonly session: RequestSession | null
}

/** The request's user as an Effect service: `const { user } = yield* StackRequestUser`. */
export class StackRequestUser
  extends /* @__PURE__ */ Context.Service<StackRequestUser, StackRequestUserShape>()(
    "stackfx/react-start/RequestUser"
  ) {}

/** What a request's handlers and loaders get: the user, and the server tier acting for them. */
export interface StackRequest extends StackRequestUserShape {
  /** The user in the client's view and the project, for the browser (`{ user: null }` for a visitor). */
  readonly snapshot: StackSnapshot
  /**
   * The server tier whose session is the request's (its token store is the request's cookies: a refresh or a
   * sign-out in it sets the answer's cookies), with `StackRequestUser`.
   */
  readonly layer: Layer.Layer<ServerServices | StackRequestUser, TierError>
  /** Runs an effect with `layer`: `await stack.run(CurrentUser.use((u) => u.update({ displayName })))`. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, ServerServices | StackRequestUser>) => Promise<A>
  /** Whether the user holds `permissionId` in `teamId` (directly or through another); `false` for a visitor. */
  readonly hasTeamPermission: (teamId: string, permissionId: string) => Promise<boolean>
  /** Ends the session on the API and clears its cookies in the answer, whatever the API said. */
  readonly signOut: () => Promise<void>
  /**
   * What handler page `route` (`"account-settings"`) reads in its first render beyond the snapshot, loaded for
   * the request's session: the page's loader returns it and the page gives it to `useStackPageData`.
   */
  readonly handlerPageData: (route: string) => Promise<StackPageData>
  /**
   * The answers of the client's queries (`teamsQuery`, `permissionsQuery(teamId)`, ...) for the request's
   * session, for an app page's loader and `useStackPageData`; a query that fails is left out (the browser loads it).
   */
  readonly prefetch: (queries: ReadonlyArray<SeedableQuery>) => Promise<StackPageData>
}

/** The request as the middleware hands it over: its headers and URL, and where `Set-Cookie` lines go. */
export interface IncomingRequest {
  readonly headers: { readonly get: (name: string) => string | null }
  readonly url: string
  readonly setCookie: (line: string) => void
}

/**
 * Options of the server side: the server tier's, whose `allowAnonymousUser` and `allowRestrictedUser` also
 * decide who counts as signed in, and how the session cookies' `Secure` flag is decided (`trustProxy`,
 * `secureCookies`: behind a proxy that ends TLS).
 */
export type StackStartServerOptions = ServerTierOptions & SecureCookieOptions

/**
 * Who counts as signed in, as the client's `useUser()` decides: a guest (anonymous user) only when the tier
 * accepts anonymous users, a restricted user when it accepts restricted (or anonymous) ones.
 */
export const countsAsSignedIn = (
  claims: { readonly isAnonymous: boolean; readonly isRestricted: boolean },
  options: Pick<ServerTierOptions, "allowAnonymousUser" | "allowRestrictedUser">
): boolean => {
  const anonymous = options.allowAnonymousUser === true
  if (claims.isAnonymous) return anonymous
  return !claims.isRestricted || anonymous || options.allowRestrictedUser === true
}

/** The client's view of a server user: the server fields (metadata, private details) left out. */
const clientView = (user: ServerUser): Effect.Effect<ClientUser> =>
  Schema.encodeEffect(ServerUser)(user).pipe(
    Effect.flatMap(Schema.decodeUnknownEffect(ClientUser)),
    // Both schemas are this library's and the server view holds every client field: a failure is a bug.
    Effect.orDie
  )

/**
 * The session the request's cookies carry, or `null`: no cookies, or a session that has ended (its
 * cookies are then cleared). A refreshed access token is written back through `store`.
 */
const readSession = (
  auth: RequestAuthShape,
  refreshes: SharedRefreshes,
  request: IncomingRequest,
  store: TokenStoreShape
) =>
  Effect.gen(function* () {
    const tokens = store.peek?.() ?? noTokens
    const outcome = yield* refreshes.share(tokens, auth.session({ headers: request.headers })).pipe(
      Effect.catchTags({
        Unauthenticated: () => Effect.succeed(null),
        MalformedAuthJson: () => Effect.succeed(null),
        InvalidSession: () => Effect.as(store.set(noTokens), null)
      })
    )
    if (outcome !== null && outcome.refreshed) yield* store.set(outcome.tokens)
    return outcome
  })

/**
 * The project's client view, or `undefined` when it cannot be read now: the browser then loads it, and shows
 * the failure where a page reads it (a page that does not read it renders regardless).
 */
const readProject = (visitor: Context.Context<ClientServices>): Effect.Effect<ClientProject | undefined> =>
  Effect.match(Context.get(visitor, Projects).current, { onFailure: () => undefined, onSuccess: (project) => project })

/** Resolves requests against one server tier, built once and shared by every request. */
export const makeStackRequests = (options: StackStartServerOptions, refreshes: SharedRefreshes) => {
  // The tiers' options without the cookie decision's, and the client tier's without the secret key.
  const { trustProxy: _trust, secureCookies: _secure, ...tierOptions } = options
  const { secretServerKey: _secret, ...clientOptions } = tierOptions
  // The shared tier, built by the first request and kept for the process (its key cache, its transport):
  // its scope is never closed. A tier that cannot be built (a missing key) fails every request alike.
  // Its request reader verifies the tokens of guests and restricted users too (with their own keys): the
  // rules above decide whether they count, and refusing their tokens would end their sessions here.
  const shared = Effect.runSync(
    Effect.cached(
      Effect.gen(function* () {
        const context = yield* Layer.buildWithScope(serverTier(tierOptions), Scope.makeUnsafe())
        const verifier = yield* makeTokenVerifier(Context.get(context, ClientConfig), { allowAnonymous: true })
        const auth = yield* makeRequestAuth.pipe(
          Effect.provideService(TokenVerifier, TokenVerifier.of(verifier)),
          Effect.provideContext(context)
        )
        // The project as the browser's client tier reads it (no session needed): the same view, the same decoder.
        const visitor = yield* Layer.buildWithScope(
          clientTier({ ...clientOptions, tokenStore: "memory" }),
          Scope.makeUnsafe()
        )
        return { context, auth, visitor }
      })
    )
  )

  const resolve = (request: IncomingRequest) =>
    Effect.gen(function* () {
      const { auth, context, visitor } = yield* shared
      const secure = secureCookiesFor(request, options)
      const store = makeRequestCookieTokenStore({
        projectId: Context.get(context, ClientConfig).projectId,
        cookieHeader: request.headers.get("cookie"),
        setCookie: request.setCookie,
        secure
      })
      const [session, project] = yield* Effect.all(
        [readSession(auth, refreshes, request, store), readProject(visitor)],
        { concurrency: "unbounded" }
      )
      const user =
        session === null || !countsAsSignedIn(session.claims, options)
          ? null
          : yield* Context.get(context, ServerUsers)
              .get(session.userId)
              .pipe(Effect.catchTag("UserNotFound", () => Effect.as(store.set(noTokens), null)))
      const restricted = user === null && session !== null && session.claims.isRestricted && !session.claims.isAnonymous
      const snapshot: StackSnapshot = {
        user: user === null ? null : yield* clientView(user),
        restricted,
        ...(project === undefined ? {} : { project })
      }
      const requestUser = Layer.succeed(StackRequestUser, { user, session })
      const layer = Layer.merge(
        serverTier({ ...tierOptions, tokenStore: Layer.succeed(TokenStore, store) }),
        requestUser
      )
      const run = <A, E>(effect: Effect.Effect<A, E, ServerServices | StackRequestUser>) =>
        Effect.runPromise(Effect.provide(effect, layer))
      const hasTeamPermission = (teamId: string, permissionId: string) =>
        user === null
          ? Promise.resolve(false)
          : Effect.runPromise(
              Context.get(context, ServerTeamPermissions)
                .list({ teamId, userId: user.id, permissionId })
                .pipe(Effect.map((granted) => granted.some((permission) => permission.id === permissionId)))
            )
      const signOut = () =>
        run(
          Effect.ensuring(
            Auth.use((auth) => auth.signOut),
            store.set(noTokens)
          )
        )
      // The browser's own queries, run in a client tier over the request's cookies: each answer is the one the
      // browser's load would give. Built when a page asks (most requests do not).
      const pageData = (seeds: Effect.Effect<ReadonlyArray<StackSeed>, never, ClientServices>) =>
        session === null
          ? Promise.resolve<StackPageData>({ signedIn: false, seeds: [] })
          : Effect.runPromise(
              Effect.map(
                Effect.provide(seeds, clientTier({ ...clientOptions, tokenStore: Layer.succeed(TokenStore, store) })),
                (loaded): StackPageData => ({ signedIn: true, seeds: loaded })
              )
            )
      const handlerPageData = (route: string) => pageData(handlerPageSeeds(route, { project, signedIn: user !== null }))
      const prefetch = (queries: ReadonlyArray<SeedableQuery>) => pageData(loadSeeds(queries))
      return {
        user,
        session,
        snapshot,
        layer,
        run,
        hasTeamPermission,
        signOut,
        handlerPageData,
        prefetch
      } satisfies StackRequest
    })

  return { resolve }
}
