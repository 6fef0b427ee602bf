/**
 * The grants of the OAuth token endpoint: a refresh token for a new access token, and an authorization code
 * (issued by the OAuth callback, oauth/operations/authorization-codes.ts) for a new session, or
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED for a user with TOTP. A grant it does not take, or one missing a
 * field, is an RFC 6749 refusal.
 */
import * as Effect from "effect/Effect"
import type { OAuthTokenForm } from "@stackfx/lib/domain/oauth-token-request.js"
import type { TokenEndpointResponse } from "@stackfx/lib/domain/tokens.js"
import { AccessTokens } from "../../crypto/access-tokens.js"
import { OAuthRefusal } from "../../errors/oauth-refusal.js"
import { findTotpSecret } from "../../store/users/users.js"
import { redeemAuthorizationCode } from "./authorization-codes.js"
import { requireMfa } from "../../operations/auth/mfa.js"
import { authenticateOAuthClient } from "./oauth-client.js"
import { createSession, refreshSession } from "../../operations/auth/sessions.js"

export const grantTokens = (form: OAuthTokenForm) =>
  Effect.gen(function* () {
    if (form.grant_type !== "refresh_token" && form.grant_type !== "authorization_code") {
      return yield* new OAuthRefusal({
        error: "unsupported_grant_type",
        description: `Unsupported grant type: ${form.grant_type}`
      })
    }
    const project = yield* authenticateOAuthClient(form.client_id, form.client_secret, "token")
    const tokens = yield* AccessTokens

    if (form.grant_type === "refresh_token") {
      if (form.refresh_token === undefined) {
        return yield* new OAuthRefusal({ error: "invalid_request", description: "Missing parameter: `refresh_token`" })
      }
      const accessToken = yield* refreshSession(project.id, form.refresh_token)
      const answer: TokenEndpointResponse = {
        accessToken,
        tokenType: "Bearer",
        expiresIn: tokens.lifetimeSeconds,
        refreshToken: form.refresh_token,
        scope: "legacy"
      }
      return answer
    }

    if (form.code === undefined || form.code_verifier === undefined || form.redirect_uri === undefined) {
      return yield* new OAuthRefusal({
        error: "invalid_request",
        description: "Missing parameter: `code`, `code_verifier` and `redirect_uri` are required"
      })
    }
    const redeemed = yield* redeemAuthorizationCode({
      projectId: project.id,
      code: form.code,
      codeVerifier: form.code_verifier,
      redirectUri: form.redirect_uri
    })
    if (!redeemed.handoff && (yield* findTotpSecret(project.id, redeemed.userId)) !== null) {
      return yield* requireMfa(project.id, redeemed.userId, redeemed.isNewUser)
    }
    const session = yield* createSession({ projectId: project.id, userId: redeemed.userId })
    const answer: TokenEndpointResponse = {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      tokenType: "Bearer",
      expiresIn: tokens.lifetimeSeconds,
      scope: "legacy",
      isNewUser: redeemed.isNewUser,
      afterCallbackRedirectUrl: redeemed.afterCallbackRedirectUrl
    }
    return answer
  })
