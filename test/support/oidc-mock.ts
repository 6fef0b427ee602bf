/**
 * A local OpenID Connect provider for tests, from `oauth2-mock-server`: discovery, authorize, token (with
 * PKCE and nonce), JWKS and userinfo on 127.0.0.1 at a free port. The token and userinfo answers can be
 * changed per test, e.g. to add an email to the id_token or to sign with a key the JWKS does not hold.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { OAuth2Server } from "oauth2-mock-server"

type Header = { kid: string; [key: string]: unknown }
type Payload = { iss: string; iat: number; exp: number; nbf: number; [key: string]: unknown }

export interface OidcMock {
  /** `http://127.0.0.1:<port>`, the issuer of the discovery document and of every token. */
  readonly issuer: string
  readonly server: OAuth2Server
  /** Claims merged into each id_token (and access token) the mock signs from now on. */
  readonly setTokenClaims: (claims: Readonly<Record<string, unknown>>) => void
  /** The userinfo answer from now on. */
  readonly setUserinfo: (body: Readonly<Record<string, unknown>>) => void
  /** Follow an authorization URL as a browser would, up to the redirect; the `code` and `state` it carries. */
  readonly authorize: (authorizationUrl: string) => Promise<{ code: string; state: string | null }>
}

/** Start the mock; stopped when the scope closes. */
export const oidcMock: Effect.Effect<OidcMock, never, Scope.Scope> = Effect.acquireRelease(
  Effect.promise(async () => {
    const server = new OAuth2Server()
    await server.issuer.keys.generate("RS256")
    await server.start(0, "127.0.0.1")
    // the mock would name itself "localhost", which may resolve to ::1 where nothing listens
    const issuer = `http://127.0.0.1:${server.address().port}`
    server.issuer.url = issuer
    let claims: Readonly<Record<string, unknown>> = {}
    let userinfo: Readonly<Record<string, unknown>> = { sub: "johndoe" }
    server.service.on("beforeTokenSigning", (token: { header: Header; payload: Payload }) => {
      Object.assign(token.payload, claims)
    })
    server.service.on("beforeUserinfo", (response: { body: Record<string, unknown>; statusCode: number }) => {
      response.body = { ...userinfo }
    })
    const mock: OidcMock = {
      issuer,
      server,
      setTokenClaims: (c) => {
        claims = c
      },
      setUserinfo: (b) => {
        userinfo = b
      },
      authorize: async (authorizationUrl) => {
        const response = await fetch(authorizationUrl, { redirect: "manual" })
        const location = response.headers.get("location")
        if (location === null) throw new Error(`authorize answered ${response.status} without a redirect`)
        const back = new URL(location)
        const code = back.searchParams.get("code")
        if (code === null) throw new Error(`authorize redirected without a code: ${location}`)
        return { code, state: back.searchParams.get("state") }
      }
    }
    return mock
  }),
  (mock) => Effect.promise(() => mock.server.stop())
)
