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
import { type ClientServices, clientTier } from "../../layers/client.js"
import { Projects } from "../../services/generated/projects.js"
import type { ServerUsersShape } from "../../services/generated/server-users.js"
import type { SessionUser } from "../../services/app-server/session-user.js"
import { acceptedAccessTokenIssuers } from "../../domain/jwt.js"
import { makeRefusalLog } from "./refusal-log.js"
import { DEFAULT_FRESH_MS, makeRevalidating } from "./revalidating.js"
import { handlerPageSeeds, loadSeeds, type SeedableQuery } from "./handler-page-queries.js"
import { type SecureCookieOptions, secureCookiesFor } from "./secure-cookies.js"
import type { StackPageData, StackSeed, StackSnapshot } from "./snapshot.js"
import type { SharedRefreshes } from "./shared-refresh.js"

/**
 * The request's session as its verified access token describes it, and its user read at most once, when first
 * asked for. `sessionUser` is `null` for a visitor, and for a guest or restricted user the tier's rules read as
 * nobody (their `session` is there).
 */
export interface StackRequestUserShape {
  /** The session's claims and tokens; present for a guest or restricted user the rules read as nobody too. */
  readonly session: RequestSession | null
  /** The signed-in user as the token says (id, e-mail, name, selected team, flags): no request. */
  readonly sessionUser: SessionUser | null
  /**
   * The full user with server fields, `null` for a visitor: one request the first time it runs in a request,
   * the same answer after. A user deleted since the token was issued is `null`, and their cookies are cleared.
   */
  readonly user: Effect.Effect<ServerUser | null, UserReadError>
}

/** Why the request's user could not be read (the API could not be asked, or refused the server's keys). */
export type UserReadError = Exclude<
  Effect.Error<ReturnType<ServerUsersShape["get"]>>,
  { readonly _tag: "UserNotFound" }
>

/** The request's user as an Effect service: `const user = yield* (yield* StackRequestUser).user`. */
export class StackRequestUser
  extends /* @__PURE__ */ Context.Service<StackRequestUser, StackRequestUserShape>()(
    "stackfx/react-start/RequestUser"
  ) {}

/** What a request's handlers and loaders get: the session, the user on demand, and the server tier acting for them. */
export interface StackRequest {
  /** The session's claims and tokens; present for a guest or restricted user the rules read as nobody too. */
  readonly session: RequestSession | null
  /** The signed-in user as the verified token says (id, e-mail, name, selected team, flags): no request. */
  readonly sessionUser: SessionUser | null
  /** The full user with server fields, `null` for a visitor: read once per request, when first asked for. */
  readonly user: () => Promise<ServerUser | null>
  /**
   * The user in the client's view and the project, for the browser (`{ user: null }` for a visitor): the
   * user's read (`user()`, once per request) and the project the server keeps (revalidated in the background).
   */
  readonly snapshot: () => Promise<StackSnapshot>
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
export type StackStartServerOptions = ServerTierOptions &
  SecureCookieOptions & {
    /**
     * How long the project's public config (its display name and sign-in switches, the snapshot's `project`)
     * is handed out before the next request revalidates it in the background; default 30 s. The request never
     * waits for it, except the server's first.
     */
    readonly projectRevalidateMs?: number | undefined
  }

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
 * The session the request's cookies carry, or `null`: no cookies, or a session that has ended (its cookies
 * are then cleared, and the cause logged once). A refreshed access token is written back through `store`.
 */
const readSession = (
  auth: RequestAuthShape,
  refreshes: SharedRefreshes,
  request: IncomingRequest,
  store: TokenStoreShape,
  refused: (reason: string, message: string) => Effect.Effect<void>
) =>
  Effect.gen(function* () {
    const tokens = store.peek?.() ?? noTokens
    const outcome = yield* refreshes.share(tokens, auth.session({ headers: request.headers })).pipe(
      Effect.catchTags({
        Unauthenticated: () => Effect.succeed(null),
        MalformedAuthJson: () => Effect.succeed(null),
        InvalidSession: (error) =>
          Effect.as(Effect.andThen(refused(error.reason, error.message), store.set(noTokens)), null)
      })
    )
    if (outcome !== null && outcome.refreshed) yield* store.set(outcome.tokens)
    return outcome
  })

/** Resolves requests against one server tier, built once and shared by every request. */
export const makeStackRequests = (options: StackStartServerOptions, refreshes: SharedRefreshes) => {
  // The tiers' options without the cookie and cache decisions', and the client tier's without the secret key.
  const { trustProxy: _trust, secureCookies: _secure, projectRevalidateMs, ...tierOptions } = options
  const { secretServerKey: _secret, acceptedIssuerBaseUrls: _issuers, ...clientOptions } = tierOptions
  const refusals = makeRefusalLog()
  // The shared tier, built by the first request and kept for the process (its key cache, its transport):
  // its scope is never closed. A tier that cannot be built (a missing key) fails every request alike.
  // Its request reader verifies the tokens of guests and restricted users too (with their own keys): the
  // rules above decide whether they count, and refusing their tokens would end their sessions here.
  const shared = Effect.runSync(
    Effect.cached(
      Effect.gen(function* () {
        const scope = Scope.makeUnsafe()
        const context = yield* Layer.buildWithScope(serverTier(tierOptions), scope)
        const config = Context.get(context, ClientConfig)
        const verifier = yield* makeTokenVerifier(config, { allowAnonymous: true })
        const auth = yield* makeRequestAuth.pipe(
          Effect.provideService(TokenVerifier, TokenVerifier.of(verifier)),
          Effect.provideContext(context)
        )
        // The project as the browser's client tier reads it (no session needed): the same view, the same
        // decoder; kept for every request and revalidated in the background.
        const visitor = yield* Layer.buildWithScope(clientTier({ ...clientOptions, tokenStore: "memory" }), scope)
        const project = makeRevalidating(Context.get(visitor, Projects).current, {
          freshMs: projectRevalidateMs ?? DEFAULT_FRESH_MS,
          scope
        })
        const acceptedIssuers = acceptedAccessTokenIssuers(
          config.baseUrl,
          config.projectId,
          "normal",
          config.acceptedIssuerBaseUrls
        )
        return { context, auth, project, acceptedIssuers }
      })
    )
  )

  const resolve = (request: IncomingRequest) =>
    Effect.gen(function* () {
      const { auth, context, project, acceptedIssuers } = yield* shared
      const secure = secureCookiesFor(request, options)
      const store = makeRequestCookieTokenStore({
        projectId: Context.get(context, ClientConfig).projectId,
        cookieHeader: request.headers.get("cookie"),
        setCookie: request.setCookie,
        secure
      })
      const refused = (reason: string, message: string) =>
        refusals.refused({ reason, message, accessToken: store.peek?.().accessToken ?? null, acceptedIssuers })
      const session = yield* readSession(auth, refreshes, request, store, refused)
      const sessionUser = session !== null && countsAsSignedIn(session.claims, options) ? session.sessionUser : null
      const restricted =
        sessionUser === null && session !== null && session.claims.isRestricted && !session.claims.isAnonymous
      // Read when a handler first asks, once per request (a page and its server functions share the request).
      const user = yield* Effect.cached(
        sessionUser === null
          ? Effect.succeed(null)
          : Context.get(context, ServerUsers)
              .get(sessionUser.id)
              .pipe(
                Effect.catchTag("UserNotFound", () =>
                  Effect.as(
                    Effect.andThen(
                      refused("user-not-found", "The session's user no longer exists."),
                      store.set(noTokens)
                    ),
                    null
                  )
                )
              )
      )
      const snapshot = yield* Effect.cached(
        Effect.gen(function* () {
          const [read, known] = yield* Effect.all([user, project.get], { concurrency: "unbounded" })
          const view: StackSnapshot = {
            user: read === null ? null : yield* clientView(read),
            restricted,
            ...(known === undefined ? {} : { project: known })
          }
          return view
        })
      )
      const requestUser = Layer.succeed(StackRequestUser, { user, session, sessionUser })
      const layer = Layer.merge(
        serverTier({ ...tierOptions, tokenStore: Layer.succeed(TokenStore, store) }),
        requestUser
      )
      const run = <A, E>(effect: Effect.Effect<A, E, ServerServices | StackRequestUser>) =>
        Effect.runPromise(Effect.provide(effect, layer))
      const hasTeamPermission = (teamId: string, permissionId: string) =>
        sessionUser === null
          ? Promise.resolve(false)
          : Effect.runPromise(
              Context.get(context, ServerTeamPermissions)
                .list({ teamId, userId: sessionUser.id, permissionId })
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
      const handlerPageData = (route: string) =>
        Effect.runPromise(project.get).then((known) =>
          pageData(
            handlerPageSeeds(route, {
              project: known,
              signedIn: sessionUser !== null,
              allTeamPermissions:
                sessionUser === null
                  ? undefined
                  : Context.get(context, ServerTeamPermissions).list({ userId: sessionUser.id })
            })
          )
        )
      const prefetch = (queries: ReadonlyArray<SeedableQuery>) => pageData(loadSeeds(queries))
      return {
        session,
        sessionUser,
        user: () => Effect.runPromise(user),
        snapshot: () => Effect.runPromise(snapshot),
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
