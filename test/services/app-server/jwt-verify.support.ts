/** Keys, claims and a JWKS server shared by the JWT verification tests. */
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose"
import { createSign, generateKeyPairSync } from "node:crypto"
import { makeClientConfig } from "../../../src/services/wire/client-config.js"
import {
  makeTokenVerifier,
  type TokenVerifierOptions,
  type TokenVerifierShape
} from "../../../src/services/app-server/jwt-verify.js"
import { json, localServer } from "../support/local-server.js"

export const PROJECT = "proj-jwt"
/** TestClock time of every test: 2023-11-14, so `iat`/`exp` look like real ones. */
export const NOW_S = 1_700_000_000

export type Claims = Record<string, unknown>

export const claimsFor = (issuer: string, overrides: Claims = {}): Claims => ({
  sub: "user-1",
  iat: NOW_S - 10,
  exp: NOW_S + 600,
  iss: issuer,
  aud: PROJECT,
  project_id: PROJECT,
  branch_id: "main",
  refresh_token_id: "rt-1",
  role: "authenticated",
  name: "Ada",
  email: "ada@example.com",
  email_verified: true,
  selected_team_id: null,
  signed_up_at: NOW_S - 1000,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  requires_totp_mfa: false,
  ...overrides
})

export interface SigningKey {
  readonly kid: string
  readonly publicJwk: JWK
  readonly sign: (claims: Claims, header?: Record<string, unknown>) => Promise<string>
}

export const esKey = async (kid: string): Promise<SigningKey> => {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" }
  return {
    kid,
    publicJwk,
    sign: (claims, header = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid, typ: "JWT", ...header }).sign(privateKey)
  }
}

export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** RSA keys signed with node:crypto, since jose itself refuses to sign with a key under 2048 bits. */
export const rsaKey = (kid: string, modulusLength: number): SigningKey => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength })
  const publicJwk: JWK = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }
  return {
    kid,
    publicJwk,
    sign: async (claims, header = {}) => {
      const input = `${b64({ alg: "RS256", kid, typ: "JWT", ...header })}.${b64(claims)}`
      const signature = createSign("RSA-SHA256").update(input).sign(privateKey).toString("base64url")
      return `${input}.${signature}`
    }
  }
}

/** A local server publishing `keys()` at the project's JWKS path, and a verifier aimed at it. */
export const withJwks = <A, E>(
  keys: () => ReadonlyArray<JWK>,
  use: (env: {
    readonly verify: TokenVerifierShape["verify"]
    readonly issuer: string
    readonly jwksRequests: () => number
    readonly jwksUrls: () => ReadonlyArray<string>
  }) => Effect.Effect<A, E>,
  options: TokenVerifierOptions = {}
) =>
  Effect.scoped(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW_S * 1000)
      // The query (`include_restricted`, `include_anonymous`) is the verifier's to send; `keys()` decides the set.
      const server = yield* localServer((request) =>
        request.url.split("?")[0] === `/api/v1/projects/${PROJECT}/.well-known/jwks.json`
          ? json({ keys: keys() })
          : { status: 404, body: "not found" }
      )
      const config = makeClientConfig({ projectId: PROJECT, accessType: "server", baseUrl: server.baseUrl })
      const verifier = yield* makeTokenVerifier(config, options)
      return yield* use({
        verify: verifier.verify,
        issuer: `${server.baseUrl}/api/v1/projects/${PROJECT}`,
        jwksRequests: () => server.requests.length,
        jwksUrls: () => server.requests.map((r) => r.url)
      })
    })
  )

/** The refusal reason of a failed verification, or the tag of any other failure. */
export const refusalOf = <A, E extends { readonly _tag: string }>(
  effect: Effect.Effect<A, E>
): Effect.Effect<string, never> =>
  Effect.flip(effect).pipe(
    Effect.map((error) => ("reason" in error && typeof error.reason === "string" ? error.reason : error._tag)),
    Effect.catchCause(() => Effect.succeed("succeeded"))
  )
