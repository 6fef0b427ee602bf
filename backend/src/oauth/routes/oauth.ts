/**
 * OAuth in the browser: the authorize redirect, the providers' callback, and the local-backend-only setting of a
 * standard provider's OpenID Connect issuer. The code exchange is `oauth/routes/oauth-token.ts`.
 *
 * - `GET /auth/oauth/authorize/{provider}`: 302 to the provider, with a cookie tying the flow to
 *   this browser.
 * - `GET|POST /auth/oauth/callback/{provider}`: 302 to the client's `redirect_uri` with `code` and `state`,
 *   or to its `error_redirect_url` with `error` and `error_description`.
 * - `POST /auth/oauth/callback/apple/native`: native Sign in with Apple, an identity token for a session
 *   (`oauth/operations/oauth-apple-native.ts`).
 * - `GET|PUT /local-backend/oauth-providers/{provider}` (admin; not part of the hosted API): `{ issuer }`, the issuer
 *   URL of a standard provider served by a local OpenID Connect server (e.g. a test's mock). `null` removes it.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import { LocalBackendConfig } from "../../config.js"
import { OAuthApi, OAuthNativeApi } from "@stackfx/lib/contract/oauth.js"
import { endpoint } from "../../http/route.js"
import { serve, unreachable } from "../../http/serve.js"
import { json } from "../../http/respond.js"
import { providerIssuer, setProviderIssuer } from "../operations/local-providers.js"
import { signInWithAppleIdToken } from "../operations/oauth-apple-native.js"
import { OUTER_OAUTH_FLOW_TTL_MS, startOAuthFlow } from "../operations/oauth-authorize.js"
import { completeOAuthFlow, innerStateCookies } from "../operations/oauth-callback.js"
import { ADMIN } from "../../http/access.js"

const COOKIE_PATH = `${API_PATH_PREFIX}/auth/oauth/callback`

/**
 * The response with the flow's cookies (both names, see `innerStateCookies`) set to `value`, or deleted
 * (`maxAgeSeconds` 0). The names and values are the backend's own, so a cookie that does not encode is a bug.
 */
const withFlowCookies = (
  response: HttpServerResponse.HttpServerResponse,
  innerState: string,
  value: string,
  maxAgeSeconds: number
) =>
  Effect.flatMap(LocalBackendConfig, (config) => {
    const options = {
      path: COOKIE_PATH,
      maxAge: Duration.seconds(maxAgeSeconds),
      httpOnly: true,
      sameSite: "lax",
      secure: config.baseUrl.startsWith("https:")
    } as const
    return HttpServerResponse.setCookies(
      response,
      innerStateCookies(innerState).map((name) => [name, value, options] as const)
    ).pipe(Effect.orDie)
  })

const stringFields = (value: unknown): Record<string, string> =>
  typeof value === "object" && value !== null
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string")
      )
    : {}

const callback = (declaration: typeof OAuthApi.callback | typeof OAuthApi.callbackPost) =>
  serve(declaration, ({ body, params, query, request }) =>
    Effect.gen(function* () {
      const result = yield* completeOAuthFlow({
        providerId: params.provider_id,
        params: { ...stringFields(query), ...stringFields(body) },
        cookies: request.cookies
      })
      return yield* withFlowCookies(HttpServerResponse.redirect(result.location), result.innerState, "", 0)
    })
  )

const Issuer = Schema.NullOr(
  Schema.String.check(
    Schema.makeFilter(
      (s: string) => (URL.canParse(s) && /^https?:$/.test(new URL(s).protocol)) || "must be an http(s) URL"
    )
  )
)

export const routes = [
  serve(OAuthApi.authorize, ({ params, query, request }) =>
    Effect.gen(function* () {
      const started = yield* startOAuthFlow(params.provider_id, query, request.headers["host"]).pipe(
        // The authorize step only runs the provider's discovery, whose failures are
        // OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE; a refused code or access comes from the token stage.
        unreachable("InvalidAuthorizationCode", "OAuthProviderAccessDenied")
      )
      // The SDK's flow asks for the location as JSON so it can handle a bot challenge before navigating; PKCE
      // guards that flow, so no cookie is set (it would need credentialed CORS).
      if (started.responseMode === "json") return json({ location: started.location })
      // Next.js's redirect() in the hosted route answers 307.
      return yield* withFlowCookies(
        HttpServerResponse.redirect(started.location, { status: 307 }),
        started.innerState,
        "true",
        OUTER_OAUTH_FLOW_TTL_MS / 1000
      )
    })
  ),
  callback(OAuthApi.callback),
  callback(OAuthApi.callbackPost),
  serve(OAuthNativeApi.appleSignIn, ({ auth, body }) =>
    signInWithAppleIdToken(auth.project, body.idToken).pipe(
      // A native sign-up sets no password, selects no team, upgrades no guest and has no bot challenge.
      unreachable("TeamMembershipNotFound", "UserNotFound", "BotChallengeFailed")
    )
  ),
  endpoint({
    method: "GET",
    path: "/local-backend/oauth-providers/:providerId",
    access: ADMIN,
    handler: ({ auth, params }) =>
      Effect.gen(function* () {
        const providerId = params["providerId"] ?? ""
        const issuer = yield* providerIssuer(auth.project.id, providerId)
        return json({ provider_id: providerId, issuer: issuer ?? null })
      })
  }),
  endpoint({
    method: "PUT",
    path: "/local-backend/oauth-providers/:providerId",
    access: ADMIN,
    body: Schema.Struct({ issuer: Issuer }),
    handler: ({ auth, body, params }) =>
      Effect.gen(function* () {
        const providerId = params["providerId"] ?? ""
        const issuer = body.issuer === null ? null : body.issuer.replace(/\/+$/, "")
        yield* setProviderIssuer(auth.project.id, providerId, issuer)
        return json({ provider_id: providerId, issuer })
      })
  })
]
