/**
 * `POST /auth/oauth/token` (form-encoded, no `X-Stack-*` headers): the refresh grant, and the
 * authorization-code grant that ends an OAuth sign-in. The client authenticates with
 * `client_id` = project id and `client_secret` = a publishable client key (the public-client sentinel only
 * for a project without one: operations/oauth-client.ts).
 */
import * as Effect from "effect/Effect"
import { OAuthTokenForm } from "@stackfx/lib/domain/oauth-token-request.js"
import { AuthorizationCodeResponse, RefreshTokenResponse } from "@stackfx/lib/domain/tokens.js"
import { AccessTokens } from "../crypto/access-tokens.js"
import { publicEndpoint } from "../http/endpoint.js"
import { encoded, json } from "../http/respond.js"
import { redeemAuthorizationCode } from "../operations/authorization-codes.js"
import { requireMfa } from "../operations/mfa.js"
import { authenticateOAuthClient } from "../operations/oauth-client.js"
import { createSession, refreshSession } from "../operations/sessions.js"
import { Db } from "../store/db.js"
import { findTotpSecret } from "../store/users.js"


/** An RFC 6749 error answer. */
const oauthError = (status: number, error: string, description: string) =>
  json({ error, error_description: description }, status)

export const routes = [
  publicEndpoint({
    method: "POST",
    path: "/auth/oauth/token",
    body: OAuthTokenForm,
    handler: ({ body }) =>
      Effect.gen(function*() {
        if (body.grant_type !== "refresh_token" && body.grant_type !== "authorization_code") {
          return oauthError(400, "unsupported_grant_type", `Unsupported grant type: ${body.grant_type}`)
        }
        const project = yield* authenticateOAuthClient(body.client_id, body.client_secret)
        const tokens = yield* AccessTokens

        if (body.grant_type === "refresh_token") {
          if (body.refresh_token === undefined) return oauthError(400, "invalid_request", "Missing parameter: `refresh_token`")
          const accessToken = yield* refreshSession(project.id, body.refresh_token)
          return yield* encoded(RefreshTokenResponse, {
            accessToken,
            tokenType: "Bearer",
            expiresIn: tokens.lifetimeSeconds,
            refreshToken: body.refresh_token,
            scope: "legacy"
          })
        }

        // authorization_code: the OAuth callback issued the code (operations/authorization-codes.ts)
        if (body.code === undefined || body.code_verifier === undefined || body.redirect_uri === undefined) {
          return oauthError(400, "invalid_request", "Missing parameter: `code`, `code_verifier` and `redirect_uri` are required")
        }
        const redeemed = yield* redeemAuthorizationCode({
          projectId: project.id,
          code: body.code,
          codeVerifier: body.code_verifier,
          redirectUri: body.redirect_uri
        })
        const db = yield* Db
        if ((yield* findTotpSecret(db, project.id, redeemed.userId)) !== null) {
          return yield* requireMfa(project.id, redeemed.userId, redeemed.isNewUser)
        }
        const session = yield* createSession({ projectId: project.id, userId: redeemed.userId })
        return yield* encoded(AuthorizationCodeResponse, {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          tokenType: "Bearer",
          expiresIn: tokens.lifetimeSeconds,
          scope: "legacy",
          isNewUser: redeemed.isNewUser,
          afterCallbackRedirectUrl: redeemed.afterCallbackRedirectUrl
        })
      })
  })
]
