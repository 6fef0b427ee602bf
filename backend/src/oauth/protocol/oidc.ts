/**
 * OpenID Connect for "standard" OAuth providers (a project's own client id and secret): discovery of the
 * provider's endpoints and the authorization URL. The code exchange and token checks are in `oidc-sign-in.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import {
  InvalidAuthorizationCode,
  OAuthProviderAccessDenied,
  OAuthProviderTemporarilyUnavailable
} from "@stackfx/lib/errors/index.js"

/** Which step of the OpenID Connect flow failed. */
export const OidcStage = Schema.Literals(["discovery", "token", "id_token", "userinfo"])
export type OidcStage = typeof OidcStage.Type

/**
 * A standard provider failed. `providerError` is the OAuth `error` code the provider answered with, when it
 * answered with one (e.g. `invalid_grant`).
 */
export class OidcError extends Schema.TaggedError<OidcError>()("OidcError", {
  stage: OidcStage,
  message: Schema.String,
  providerError: Schema.optionalKey(Schema.String)
}) {}

/**
 * The wire error a route answers with: a provider that cannot be reached is temporarily unavailable, a code
 * the provider rejects is an invalid authorization code, and everything else (a token that fails its checks,
 * a refusal) is access denied.
 */
export const oidcErrorToKnown = (
  error: OidcError
): InvalidAuthorizationCode | OAuthProviderTemporarilyUnavailable | OAuthProviderAccessDenied => {
  if (error.providerError === "invalid_grant") return new InvalidAuthorizationCode({ message: error.message })
  if (
    error.stage === "discovery" ||
    error.providerError === "temporarily_unavailable" ||
    error.providerError === "server_error"
  ) {
    return new OAuthProviderTemporarilyUnavailable({})
  }
  return new OAuthProviderAccessDenied({ message: error.message })
}

/** The fields of `/.well-known/openid-configuration` the sign-in uses. */
export const OidcDiscovery = Schema.Struct({
  issuer: Schema.String,
  authorization_endpoint: Schema.String,
  token_endpoint: Schema.String,
  jwks_uri: Schema.String,
  userinfo_endpoint: Schema.optionalKey(Schema.String),
  token_endpoint_auth_methods_supported: Schema.optionalKey(Schema.Array(Schema.String)),
  id_token_signing_alg_values_supported: Schema.optionalKey(Schema.Array(Schema.String))
})
export type OidcDiscovery = typeof OidcDiscovery.Type

const withoutTrailingSlash = (s: string) => s.replace(/\/+$/, "")

/** The issuer of well-known providers; others need an explicit issuer in the local backend's configuration. */
export const knownIssuer = (
  providerId: string,
  options: { readonly microsoftTenantId?: string | undefined } = {}
): string | undefined => {
  switch (providerId) {
    case "google":
      return "https://accounts.google.com"
    case "microsoft":
      return `https://login.microsoftonline.com/${options.microsoftTenantId ?? "common"}/v2.0`
    case "apple":
      return "https://appleid.apple.com"
    case "gitlab":
      return "https://gitlab.com"
    default:
      return undefined
  }
}

/** Read a JSON body whatever the status; OAuth servers put their errors in JSON bodies with 4xx. */
export const readJson = <S extends Schema.Top & { readonly DecodingServices: never }>(
  response: HttpClientResponse.HttpClientResponse,
  schema: S,
  stage: OidcStage
): Effect.Effect<S["Type"], OidcError> =>
  response.json.pipe(
    Effect.mapError(() => new OidcError({ stage, message: `The provider answered ${response.status} without JSON.` })),
    Effect.flatMap((json) =>
      Schema.decodeUnknownEffect(schema)(json).pipe(
        Effect.mapError(
          () => new OidcError({ stage, message: `The provider's ${stage} answer has an unexpected shape.` })
        )
      )
    )
  )

/**
 * Fetch and check the provider's discovery document. Its `issuer` must be the configured one (OpenID Connect
 * Discovery section 4.3), or a token from another issuer could be accepted later.
 */
export const discover = (issuer: string): Effect.Effect<OidcDiscovery, OidcError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const url = `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`
    const response = yield* HttpClient.execute(HttpClientRequest.get(url, { acceptJson: true })).pipe(
      Effect.mapError(
        () => new OidcError({ stage: "discovery", message: `The provider at ${issuer} cannot be reached.` })
      )
    )
    if (response.status !== 200) {
      return yield* new OidcError({
        stage: "discovery",
        message: `The discovery document of ${issuer} answered ${response.status}.`
      })
    }
    const document = yield* readJson(response, OidcDiscovery, "discovery")
    if (withoutTrailingSlash(document.issuer) !== withoutTrailingSlash(issuer)) {
      return yield* new OidcError({
        stage: "discovery",
        message: `The discovery document names the issuer ${document.issuer}, not ${issuer}.`
      })
    }
    return document
  })

export interface AuthorizationUrlInput {
  readonly clientId: string
  readonly redirectUri: string
  /** Space-separated scopes; `openid` is added when missing. */
  readonly scope: string
  readonly state: string
  readonly nonce?: string | undefined
  /** The S256 challenge of the backend's own verifier for this provider. */
  readonly codeChallenge?: string | undefined
  /** Provider-specific extras, e.g. `{ prompt: "consent", access_type: "offline" }`. */
  readonly extraParams?: Readonly<Record<string, string>> | undefined
}

/** The URL that sends the browser to the provider's sign-in. */
export const authorizationUrl = (discovery: OidcDiscovery, input: AuthorizationUrlInput): string => {
  const url = new URL(discovery.authorization_endpoint)
  const scopes = input.scope.split(/\s+/).filter((s) => s !== "")
  const params: Record<string, string> = {
    ...input.extraParams,
    response_type: "code",
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    scope: (scopes.includes("openid") ? scopes : ["openid", ...scopes]).join(" "),
    state: input.state
  }
  if (input.nonce !== undefined) params["nonce"] = input.nonce
  if (input.codeChallenge !== undefined) {
    params["code_challenge"] = input.codeChallenge
    params["code_challenge_method"] = "S256"
  }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}
