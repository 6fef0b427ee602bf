import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { accessTokenIssuer, AccessTokenClaims } from "../../src/domain/jwt.js"
import {
  AuthorizationCodeResponse,
  ConnectedAccountAccessToken,
  MfaSignInResponse,
  OAuthErrorResponse,
  OtpSendResponse,
  OtpSignInResponse,
  PasswordSignInResponse,
  PasswordSignUpResponse,
  RefreshTokenResponse,
  ServerSessionResponse
} from "../../src/domain/tokens.js"
import { MAX_SESSION_EXPIRES_IN_MILLIS, ServerSessionCreate } from "../../src/domain/session-requests.js"

const decode = <S extends Schema.Codec<unknown, unknown>>(schema: S) => Schema.decodeUnknownSync(schema)

describe("token answers", () => {
  it("password sign-in and sign-up", () => {
    const wire = { access_token: "eyJ.a.b", refresh_token: "rt_1", user_id: "u1" }
    const expected = { accessToken: "eyJ.a.b", refreshToken: "rt_1", userId: "u1" }
    assert.deepStrictEqual(decode(PasswordSignInResponse)(wire), expected)
    assert.deepStrictEqual(decode(PasswordSignUpResponse)(wire), expected)
  })

  it("OTP and MFA sign-in add is_new_user", () => {
    const wire = { access_token: "a", refresh_token: "r", user_id: "u", is_new_user: true }
    assert.deepStrictEqual(decode(OtpSignInResponse)(wire), {
      accessToken: "a",
      refreshToken: "r",
      userId: "u",
      isNewUser: true
    })
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(MfaSignInResponse)({ ...wire, is_new_user: undefined })))
    assert.deepStrictEqual(decode(OtpSendResponse)({ nonce: "n-1" }), { nonce: "n-1" })
  })

  it("refresh answer", () => {
    const wire = { access_token: "a2", token_type: "Bearer", expires_in: 600, refresh_token: "r", scope: "legacy" }
    assert.deepStrictEqual(decode(RefreshTokenResponse)(wire), {
      accessToken: "a2",
      tokenType: "Bearer",
      expiresIn: 600,
      refreshToken: "r",
      scope: "legacy"
    })
    assert.deepStrictEqual(decode(RefreshTokenResponse)({ access_token: "a2" }), { accessToken: "a2" })
  })

  it("authorization-code answer, with and without the after-callback URL", () => {
    const wire = {
      access_token: "a",
      refresh_token: "r",
      token_type: "Bearer",
      expires_in: 600,
      scope: "legacy",
      is_new_user: false,
      after_callback_redirect_url: "https://app.example.com/after"
    }
    const answer = decode(AuthorizationCodeResponse)(wire)
    assert.strictEqual(answer.afterCallbackRedirectUrl, "https://app.example.com/after")
    assert.strictEqual(answer.isNewUser, false)
    const { after_callback_redirect_url: _a, ...withoutUrl } = wire
    assert.strictEqual(decode(AuthorizationCodeResponse)(withoutUrl).afterCallbackRedirectUrl, null)
  })

  it("OAuth error answer", () => {
    assert.deepStrictEqual(
      decode(OAuthErrorResponse)({ error: "invalid_grant", error_description: "Refresh token expired" }),
      {
        error: "invalid_grant",
        errorDescription: "Refresh token expired"
      }
    )
  })

  it("server sessions", () => {
    assert.deepStrictEqual(Schema.encodeSync(ServerSessionCreate)({ userId: "u", expiresInMillis: 31_536_000_000 }), {
      user_id: "u",
      expires_in_millis: 31_536_000_000
    })
    // The backend decodes the body with the same schema, checks included: the client refuses what it would.
    const encode = Schema.encodeExit(ServerSessionCreate)
    assert.isTrue(
      Exit.isSuccess(encode({ userId: "me", expiresInMillis: MAX_SESSION_EXPIRES_IN_MILLIS, isImpersonation: true }))
    )
    assert.isTrue(Exit.isFailure(encode({ userId: "u", expiresInMillis: MAX_SESSION_EXPIRES_IN_MILLIS + 1 })))
    assert.isTrue(Exit.isFailure(encode({ userId: "u", expiresInMillis: 0 })))
    assert.deepStrictEqual(decode(ServerSessionResponse)({ access_token: "a", refresh_token: "r" }), {
      accessToken: "a",
      refreshToken: "r"
    })
    assert.deepStrictEqual(decode(ConnectedAccountAccessToken)({ access_token: "gho_x" }), { accessToken: "gho_x" })
  })
})

describe("access-token claims", () => {
  const claims = {
    sub: "u1",
    iat: 1700000000,
    exp: 1700000600,
    iss: "https://api.stack-auth.com/api/v1/projects/internal",
    aud: "internal",
    project_id: "internal",
    branch_id: "main",
    refresh_token_id: "rt-id",
    role: "authenticated",
    name: null,
    email: "ann@example.com",
    email_verified: true,
    selected_team_id: null,
    signed_up_at: 1690000000,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    requires_totp_mfa: false
  }

  it("decode to camelCase and keep seconds as numbers", () => {
    const decoded = decode(AccessTokenClaims)(claims)
    assert.strictEqual(decoded.projectId, "internal")
    assert.strictEqual(decoded.signedUpAt, 1690000000)
    assert.strictEqual(decoded.exp, 1700000600)
    assert.deepStrictEqual(Schema.encodeSync(AccessTokenClaims)(decoded), claims)
  })

  it("exp may be absent (a token that never expires); other claims may not", () => {
    const { exp: _e, ...neverExpires } = claims
    assert.isFalse("exp" in decode(AccessTokenClaims)(neverExpires))
    const { refresh_token_id: _r, ...missing } = claims
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(AccessTokenClaims)(missing)))
  })

  it("issuer is {baseUrl}/api/v1/projects/{projectId}", () => {
    assert.strictEqual(
      accessTokenIssuer("https://api.stack-auth.com", "p1"),
      "https://api.stack-auth.com/api/v1/projects/p1"
    )
    assert.strictEqual(accessTokenIssuer("http://localhost:8102/", "p1"), "http://localhost:8102/api/v1/projects/p1")
  })
})
