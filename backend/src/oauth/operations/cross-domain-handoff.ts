/**
 * The cross-domain sign-in hand-off (`POST /auth/oauth/cross-domain/authorize`, src/contract/cross-domain-auth.ts):
 * a signed-in app gets a one-time authorization code for a redirect URI on another of the project's domains;
 * the app there redeems it at `/auth/oauth/token` with its PKCE verifier, as it would the code of an OAuth
 * sign-in. The hosted service's checks, in its order: a signed-in user, a session bound to a refresh token,
 * the current refresh token presented and matching that session and still valid, then both URLs trusted
 * (or a native app's own URL).
 *
 * One deviation: the hosted service hands the other app the same refresh token; this backend keeps only a
 * hash of each refresh token (secrets are hashed at rest), so the code signs the user in with a session of
 * its own (docs/wire.md, "Cross-domain hand-off").
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { CrossDomainAuthorizeRequest } from "@stackfx/lib/domain/cross-domain-auth.js"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { Refused } from "../../errors/refused.js"
import type { DbEffect } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { requireTrustedUrl } from "../../operations/config/trusted-urls.js"
import { findRefreshToken } from "../../store/auth/refresh-tokens.js"
import { issueAuthorizationCode } from "./authorization-codes.js"

/** The caller, as the request's authentication established it. */
export interface HandoffCaller {
  readonly project: StoredProject
  readonly user: ServerUser | undefined
  /** The session of the request's access token. */
  readonly refreshTokenId: string | undefined
  /** The refresh token the request presented (`X-Stack-Refresh-Token`). */
  readonly refreshToken: string | undefined
}

/** The URL the other app receives the code at: the redirect URI with `code` and `state`. */
export const crossDomainHandoff = (
  caller: HandoffCaller,
  request: CrossDomainAuthorizeRequest
): DbEffect<string, UserAuthenticationRequired | RedirectUrlNotWhitelisted | Refused> =>
  Effect.gen(function* () {
    const { project, user } = caller
    if (user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
    if (caller.refreshTokenId === undefined) {
      return yield* Effect.fail(
        new Refused({
          reason: "invalid",
          message: "Cross-domain auth handoff requires a refresh-token-bound session. Please sign in again."
        })
      )
    }
    if (caller.refreshToken === undefined) {
      return yield* Effect.fail(
        new Refused({
          reason: "invalid",
          message: "Cross-domain auth handoff requires passing the current refresh token."
        })
      )
    }
    const session = yield* findRefreshToken(project.id, caller.refreshToken)
    if (session === undefined || session.id !== caller.refreshTokenId || session.userId !== user.id) {
      return yield* Effect.fail(
        new Refused({
          reason: "unauthenticated",
          message: "Cross-domain auth handoff refresh token does not match the authenticated session."
        })
      )
    }
    const now = yield* Clock.currentTimeMillis
    if (session.revokedAt !== null || (session.expiresAt !== null && session.expiresAt.getTime() <= now)) {
      return yield* Effect.fail(
        new Refused({
          reason: "unauthenticated",
          message: "Cross-domain auth handoff refresh token is not valid."
        })
      )
    }
    yield* requireTrustedUrl(project, request.redirectUri, { nativeApp: true })
    yield* requireTrustedUrl(project, request.afterCallbackRedirectUrl, { nativeApp: true })
    const code = yield* issueAuthorizationCode({
      projectId: project.id,
      userId: user.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod ?? "S256",
      isNewUser: false,
      afterCallbackRedirectUrl: request.afterCallbackRedirectUrl ?? null,
      data: { crossDomainHandoff: true }
    })
    const target = new URL(request.redirectUri)
    target.searchParams.set("code", code)
    target.searchParams.set("state", request.state)
    return target.toString()
  })
