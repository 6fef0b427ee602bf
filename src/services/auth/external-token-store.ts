/**
 * The session of a person signed in with the app's other auth provider (Clerk, Better Auth, WorkOS), kept
 * here as the service's SDK keeps it: the provider holds the session, `POST /auth/external/token` turns its
 * token into an access token of this project, and there is no refresh token. The store exchanges again by
 * itself before the access token runs out (a margin ahead of its `exp`), and on demand when asked for a token
 * that is missing or no longer fresh; callers at once share one exchange.
 *
 * The service refuses a provider token that expired in flight with the same error as a bad one, so a refused
 * exchange is tried once more with a token fetched again from the provider (its SDK renews an expired one); a
 * second refusal is a real failure (a misconfiguration) and is the caller's error, never a silent sign-out.
 * A provider with no session (its token is `null`) means signed out: the held access token is dropped.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as Semaphore from "effect/Semaphore"
import type { ExternalAuthProviderId, ExternalAuthTokenResponse } from "../../domain/external-auth.js"
import { accessTokenExpiry, isFresh } from "../session/session-freshness.js"
import { TOKEN_FRESHNESS_MARGIN_MS } from "../session/session-timings.js"

/** Where the provider's current session token comes from (its SDK's `getToken`). */
export interface ExternalTokenSource<E> {
  readonly providerId: ExternalAuthProviderId
  /** The provider's session token now; `null` when nobody is signed in at the provider. */
  readonly getToken: Effect.Effect<string | null, E>
}

/** What `makeExternalTokenStore` gives: the access token of the external session, and the last exchange. */
export interface ExternalTokenStoreShape<E> {
  /**
   * A likely-valid access token for the provider's signed-in person (valid for the margin at least),
   * exchanged first when there is none or it runs out; `null` when the provider has no session.
   */
  readonly getAccessToken: Effect.Effect<string | null, E>
  /** The last exchange's answer (user, session, access token); `null` before one, or once signed out. */
  readonly current: () => ExternalAuthTokenResponse | null
}

/** The provider's refusal of a token: retried once with a fresh provider token. */
const isRefusedToken = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "InvalidExternalAuthToken"

/**
 * A store over `source` that exchanges with `exchange` (`Auth.exchangeExternalToken`). Its renewals run in
 * the scope: closing it stops them.
 */
export const makeExternalTokenStore = <E, X>(options: {
  readonly source: ExternalTokenSource<E>
  readonly exchange: (providerId: ExternalAuthProviderId, token: string) => Effect.Effect<ExternalAuthTokenResponse, X>
  /** How long before the access token's expiry it is exchanged again; default 20 s, as a session refreshes. */
  readonly marginMs?: number
}): Effect.Effect<ExternalTokenStoreShape<E | X>, never, Scope.Scope> =>
  Effect.gen(function* () {
    const { source, exchange } = options
    const marginMs = options.marginMs ?? TOKEN_FRESHNESS_MARGIN_MS
    const scope = yield* Effect.scope
    const oneAtATime = yield* Semaphore.make(1)
    let held: ExternalAuthTokenResponse | null = null
    let schedule = 0

    const freshAt = (now: number): string | null | undefined =>
      held !== null && isFresh(accessTokenExpiry(held.accessToken), now, marginMs) ? held.accessToken : undefined

    const attempt = (isRetry: boolean): Effect.Effect<ExternalAuthTokenResponse | null, E | X> =>
      Effect.gen(function* () {
        const token = yield* source.getToken
        if (token === null) return null
        return yield* exchange(source.providerId, token).pipe(
          Effect.catchIf(
            (error) => !isRetry && isRefusedToken(error),
            () => attempt(true)
          )
        )
      })

    /**
     * Sleeps until the margin before the token's expiry, then exchanges again (in the store's scope). Only the
     * latest schedule renews: an exchange made meanwhile (on demand) made an earlier one stale.
     */
    const scheduleRenewal = (answer: ExternalAuthTokenResponse): Effect.Effect<void> =>
      Effect.gen(function* () {
        const mine = ++schedule
        const expiry = accessTokenExpiry(answer.accessToken)
        if (expiry._tag !== "Expires") return
        const now = yield* Clock.currentTimeMillis
        yield* Effect.forkIn(
          Effect.andThen(
            Effect.sleep(Math.max(0, expiry.atMs - marginMs - now)),
            // A failed renewal leaves the held token to run out; the next `getAccessToken` exchanges again
            // and reports the failure to its caller.
            Effect.suspend(() => (mine === schedule ? Effect.exit(renew) : Effect.void))
          ),
          scope
        )
      })

    const renew: Effect.Effect<string | null, E | X> = oneAtATime.withPermit(
      Effect.gen(function* () {
        const answer = yield* attempt(false)
        held = answer
        // Signed out at the provider: a pending renewal has nothing to renew.
        if (answer === null) schedule++
        else yield* scheduleRenewal(answer)
        return answer === null ? null : answer.accessToken
      })
    )

    // Whoever waited for the permit while another caller exchanged uses that caller's fresh token.
    const exchangeUnlessFresh = oneAtATime.withPermit(
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const fresh = freshAt(now)
        return fresh !== undefined ? Effect.succeed<string | null>(fresh) : Effect.succeed(undefined)
      })
    )

    return {
      getAccessToken: Effect.gen(function* () {
        const fresh = freshAt(yield* Clock.currentTimeMillis)
        if (fresh !== undefined) return fresh
        const afterWait = yield* exchangeUnlessFresh
        return afterWait !== undefined ? afterWait : yield* renew
      }),
      current: () => held
    }
  })
