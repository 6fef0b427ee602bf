/**
 * `GET /auth/oauth/authorize/{provider}`: checks the client (project id and publishable key), the provider,
 * the redirect URLs and, for `link`, the user's access token; remembers the flow under a fresh inner state;
 * and answers where to send the browser: the development provider's page, or a standard provider's OpenID
 * Connect authorization URL (with the backend's own PKCE verifier and a nonce).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { AuthorizeQuery } from "@stackfx/lib/domain/oauth-authorize-query.js"
import { assessBotChallenge } from "../../operations/auth/bot-challenge.js"
import { OAuthExtraScopeNotAvailableWithSharedOAuthKeys } from "@stackfx/lib/errors/known/oauth.js"
import { InvalidProjectForAccessToken } from "@stackfx/lib/errors/known/session.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { LocalBackendConfig } from "../../config.js"
import { AccessTokens } from "../../crypto/access-tokens.js"
import { randomSecret } from "../../crypto/secrets.js"
import { Refused } from "../../errors/refused.js"
import { devAuthorizationUrl } from "../protocol/dev-provider-routes.js"
import { authorizationUrl, discover, oidcErrorToKnown } from "../protocol/oidc.js"
import { newCodeVerifier, s256Challenge } from "../protocol/pkce.js"
import { deleteOAuthFlowsBefore, insertOAuthFlow } from "../store/oauth-flows.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { requireTrustedUrl } from "../../operations/config/trusted-urls.js"
import { findUserView } from "../../store/users/users.js"
import { authenticateOAuthClient } from "./oauth-client.js"
import { callbackPath, serverOrigin } from "./oauth-dev-provider.js"
import { requestedScopes, resolveProvider } from "./oauth-providers.js"

/** How long the browser may take at the provider (the hosted service's ten minutes). */
export const OUTER_OAUTH_FLOW_TTL_MS = 10 * 60 * 1000

/** Flows that ended this long ago are deleted when a new one starts. */
const FLOW_RETENTION_MS = 24 * 60 * 60 * 1000

export { AuthorizeQuery }
export type AuthorizeQuery = typeof AuthorizeQuery.Type

export interface AuthorizeResult {
  /** Where to send the browser. */
  readonly location: string
  /** The state the provider hands back; the route keeps it in a cookie too (the callback checks both). */
  readonly innerState: string
  /** `json`: the route answers `{ location }` and sets no cookie; `redirect`: a 307 with the cookie. */
  readonly responseMode: "json" | "redirect"
}

const linkNeedsToken = new Refused({ reason: "invalid", message: "?token= query parameter is required for link type" })

/** The user a `link` flow connects the provider to: the owner of a valid access token of this project. */
const linkingUser = (project: StoredProject, token: string | undefined) =>
  Effect.gen(function* () {
    if (token === undefined || token === "") return yield* Effect.fail(linkNeedsToken)
    const verified = yield* (yield* AccessTokens).verify(token)
    if (verified.projectId !== project.id) {
      return yield* Effect.fail(
        new InvalidProjectForAccessToken({
          details: { expected_project_id: project.id, actual_project_id: verified.projectId }
        })
      )
    }
    const user = yield* findUserView(project.id, verified.userId)
    if (user === undefined) return yield* Effect.fail(new UserNotFound({}))
    return user.id
  })

/**
 * The user of the access token an `authenticate` flow may carry (the SDKs send the session's token): a
 * guest (anonymous user) signing up with the provider is upgraded at the callback rather than replaced,
 * as on the service, which decodes the token whatever the user's kind and fails on a bad one.
 */
const signedInUser = (project: StoredProject, token: string | undefined) =>
  Effect.gen(function* () {
    if (token === undefined || token === "") return null
    const verified = yield* (yield* AccessTokens).verify(token)
    if (verified.projectId !== project.id) {
      return yield* Effect.fail(
        new InvalidProjectForAccessToken({
          details: { expected_project_id: project.id, actual_project_id: verified.projectId }
        })
      )
    }
    return verified.userId
  })

/** How the call answers: the Hexclave name of the mode wins where both are sent. */
const responseModeOf = (query: AuthorizeQuery): "json" | "redirect" =>
  query.hexclave_response_mode ?? query.stack_response_mode ?? "redirect"

/** Validates the request, stores the flow and answers where the browser goes next. */
export const startOAuthFlow = (providerId: string, query: AuthorizeQuery, hostHeader: string | undefined) =>
  Effect.gen(function* () {
    const project = yield* authenticateOAuthClient(query.client_id, query.client_secret, "authorize")
    const provider = yield* resolveProvider(project, providerId)
    const errorRedirectUrl = query.error_redirect_uri ?? query.error_redirect_url
    // The service's order: a link without a token is refused before any URL or the bot challenge is looked at.
    if (query.type === "link" && (query.token ?? "") === "") return yield* Effect.fail(linkNeedsToken)
    yield* requireTrustedUrl(project, query.redirect_uri)
    yield* requireTrustedUrl(project, errorRedirectUrl)
    // The hosted service also lets a native app name its own URL scheme for this one.
    yield* requireTrustedUrl(project, query.after_callback_redirect_url, { nativeApp: true })
    const botChallenge = yield* assessBotChallenge(
      {
        botChallengeToken: query.bot_challenge_token,
        botChallengePhase: query.bot_challenge_phase,
        botChallengeUnavailable: query.bot_challenge_unavailable
      },
      "oauth_authenticate"
    )
    const providerScope =
      query.provider_scope === undefined || query.provider_scope.trim() === "" ? null : query.provider_scope
    if (providerScope !== null && provider.config.type === "shared") {
      return yield* Effect.fail(new OAuthExtraScopeNotAvailableWithSharedOAuthKeys({}))
    }
    const type = query.type ?? "authenticate"
    const userId =
      type === "link" ? yield* linkingUser(project, query.token) : yield* signedInUser(project, query.token)
    const responseMode = responseModeOf(query)

    const config = yield* LocalBackendConfig
    const callbackUrl = `${serverOrigin(config.baseUrl, hostHeader)}${callbackPath(providerId)}`
    const innerState = yield* randomSecret(24)
    const scopes = requestedScopes(providerId, provider.route, providerScope)
    let location: string
    let oidc: { readonly issuer: string; readonly verifier: string; readonly nonce: string } | undefined
    if (provider.route.kind === "dev") {
      location = devAuthorizationUrl(serverOrigin(config.baseUrl, hostHeader), providerId, {
        redirect_uri: callbackUrl,
        state: innerState,
        scope: scopes.join(" ")
      })
    } else {
      const route = provider.route
      const discovery = yield* discover(route.issuer).pipe(
        Effect.provide(FetchHttpClient.layer),
        Effect.mapError(oidcErrorToKnown)
      )
      oidc = { issuer: route.issuer, verifier: yield* newCodeVerifier, nonce: yield* randomSecret(16) }
      location = authorizationUrl(discovery, {
        clientId: route.clientId,
        redirectUri: callbackUrl,
        scope: scopes.join(" "),
        state: innerState,
        nonce: oidc.nonce,
        codeChallenge: s256Challenge(oidc.verifier)
      })
    }

    const now = yield* Clock.currentTimeMillis
    yield* deleteOAuthFlowsBefore(new Date(now - FLOW_RETENTION_MS))
    yield* insertOAuthFlow({
      innerState,
      projectId: project.id,
      providerId,
      createdAt: new Date(now),
      expiresAt: new Date(now + OUTER_OAUTH_FLOW_TTL_MS),
      data: {
        redirectUri: query.redirect_uri.split("#")[0] ?? query.redirect_uri,
        errorRedirectUrl: errorRedirectUrl ?? null,
        afterCallbackRedirectUrl: query.after_callback_redirect_url ?? null,
        state: query.state,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        type,
        userId,
        providerScope,
        requestedScopes: scopes,
        callbackUrl,
        issuer: oidc?.issuer ?? null,
        innerCodeVerifier: oidc?.verifier ?? null,
        nonce: oidc?.nonce ?? null,
        responseMode,
        botChallengeStatus: botChallenge.status,
        ...(botChallenge.visibleChallengeResult === undefined
          ? {}
          : { botChallengeVisibleResult: botChallenge.visibleChallengeResult })
      }
    })
    const result: AuthorizeResult = { location, innerState, responseMode }
    return result
  })
