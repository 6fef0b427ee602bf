/**
 * The session's refresh (session.ts): the refresh grant sent to the declared token endpoint, its span, and whether
 * a failed refresh means the refresh token itself was refused (the session is then over).
 */
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "../../domain/api.js"
import type { RefreshTokenGrant } from "../../domain/oauth-token-request.js"
import type { OAuthTokenApi } from "../../contract/oauth-token.js"
import { isRefreshTokenError } from "../../errors/categories.js"
import type { ClientConfigShape } from "../wire/client-config.js"
import type { SpanSpec } from "../wire/tracing.js"
import { formBody } from "../wire/transport-request.js"
import type { SessionError } from "./session.js"

/** An RFC 6749 error answer whose `error` is `invalid_grant`: the refresh token is no good. */
const isInvalidGrant = (body: string): boolean => {
  try {
    const answer: unknown = JSON.parse(body)
    return (
      typeof answer === "object" &&
      answer !== null &&
      (answer as { readonly error?: unknown }).error === "invalid_grant"
    )
  } catch {
    return false
  }
}

/** The refresh token itself was refused: a known refresh-token error, or the OAuth `invalid_grant`. */
export const isRejectedRefreshToken = (error: SessionError): boolean =>
  isRefreshTokenError(error) || (error._tag === "HttpError" && isInvalidGrant(error.body))

export const refreshSpan = (): SpanSpec => ({ name: "stackfx.Session.refresh", kind: "internal" })

type TokenEndpoint = typeof OAuthTokenApi.token

/**
 * The declared token endpoint (contract/oauth-token.ts), its values written out here and checked against
 * the declaration by type: importing the declaration itself would add it (and its error list) to every
 * program's first load.
 */
export const token = {
  method: "POST",
  path: "/auth/oauth/token",
  answer: "TokenEndpointResponse"
} as const satisfies Pick<TokenEndpoint, "method" | "path"> & { readonly answer: TokenEndpoint["success"]["schemaRef"] }

/** The refresh grant of the declared token endpoint (contract/oauth-token.ts), sent without session headers. */
export const refreshRequest = (config: ClientConfigShape, refreshToken: string) => ({
  method: token.method,
  path: token.path,
  bare: true,
  withSession: false,
  body: formBody({
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: config.projectId,
    client_secret: config.publishableClientKey ?? PUBLIC_CLIENT_SECRET_SENTINEL
  } satisfies RefreshTokenGrant)
})
