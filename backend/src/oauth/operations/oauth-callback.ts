/**
 * `GET|POST /auth/oauth/callback/{provider}`: where providers send the browser back. The flow is found by the
 * inner state (and must carry the cookie the authorize call set in this browser, so a stranger cannot finish
 * someone else's flow); the provider's code is redeemed; the user is found, created or linked; and the
 * browser goes to the client's redirect URI with an authorization code bound to the client's PKCE challenge.
 * A known error after the flow is found goes to the flow's error redirect URL with `error` and
 * `error_description` (and the hosted service's `errorCode`, `message` and `details`).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { OAuthProviderAccessDenied, OuterOAuthTimeout } from "@stackfx/lib/errors/known/oauth.js"
import { isKnownError, type KnownError } from "@stackfx/lib/errors/known/registry.js"
import { Refused } from "../../errors/refused.js"
import { DevProvider } from "../protocol/dev-provider.js"
import type { OAuthIdentity } from "../protocol/identity.js"
import { completeOidcSignIn, discover, oidcErrorToKnown } from "../protocol/index.js"
import { type OAuthFlowRow, oauthFlowResponseMode, takeOAuthFlow } from "../store/oauth-flows.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { issueAuthorizationCode } from "./authorization-codes.js"
import { resolveProvider } from "./oauth-providers.js"
import { signInWithIdentity } from "./oauth-users.js"
import { Projects } from "../../store/projects/project-lookup.js"

/**
 * The cookies that tie a flow to the browser that started it: the service sets the flow's cookie under its
 * Hexclave name and its old one, and the callback takes either (a flow started before an upgrade has only
 * the old one).
 */
export const innerStateCookies = (innerState: string): readonly [string, string] => [
  `hexclave-oauth-inner-${innerState}`,
  `stack-oauth-inner-${innerState}`
]

export interface CallbackInput {
  readonly providerId: string
  /** Query and form fields together (providers may post the answer, e.g. `response_mode=form_post`). */
  readonly params: Readonly<Record<string, string>>
  readonly cookies: Readonly<Record<string, string>>
}

export interface CallbackResult {
  /** Where the browser goes: the client's redirect URI, or its error redirect URL. */
  readonly location: string
  /** The inner state whose cookie should be deleted. */
  readonly innerState: string
}

const withParams = (url: string, params: Readonly<Record<string, string>>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}

const redeemProviderCode = (project: StoredProject, flow: OAuthFlowRow, params: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const provider = yield* resolveProvider(project, flow.providerId)
    const error = params["error"]
    if (error !== undefined) {
      return yield* Effect.fail(
        new OAuthProviderAccessDenied({
          message: `The provider answered ${error}${params["error_description"] === undefined ? "" : `: ${params["error_description"]}`}`
        })
      )
    }
    const code = params["code"]
    if (code === undefined || code === "") {
      return yield* Effect.fail(new OAuthProviderAccessDenied({ message: "The provider returned without a code." }))
    }
    const data = flow.data
    if (provider.route.kind === "dev" || data.issuer === null) {
      const dev = yield* DevProvider
      return yield* dev.exchange({
        providerId: flow.providerId,
        code,
        redirectUri: data.callbackUrl,
        state: params["state"] ?? ""
      })
    }
    const route = provider.route
    const issuer = data.issuer
    const identity: OAuthIdentity = yield* Effect.gen(function* () {
      const discovery = yield* discover(issuer)
      return yield* completeOidcSignIn(discovery, {
        providerId: flow.providerId,
        clientId: route.clientId,
        clientSecret: route.clientSecret,
        code,
        redirectUri: data.callbackUrl,
        codeVerifier: data.innerCodeVerifier ?? undefined,
        nonce: data.nonce ?? undefined,
        requestedScope: data.requestedScopes.join(" ")
      })
    }).pipe(Effect.provide(FetchHttpClient.layer), Effect.mapError(oidcErrorToKnown))
    return identity
  })

const finish = (project: StoredProject, flow: OAuthFlowRow, params: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    if (flow.expiresAt.getTime() <= now) return yield* Effect.fail(new OuterOAuthTimeout({}))
    const identity = yield* redeemProviderCode(project, flow, params)
    const data = flow.data
    const signedIn = yield* signInWithIdentity(
      project,
      {
        type: data.type,
        userId: data.userId,
        scopes: data.requestedScopes,
        botChallenge:
          data.botChallengeStatus === undefined
            ? undefined
            : {
                status: data.botChallengeStatus,
                ...(data.botChallengeVisibleResult === undefined
                  ? {}
                  : { visibleChallengeResult: data.botChallengeVisibleResult })
              }
      },
      identity,
      null
    )
    const code = yield* issueAuthorizationCode({
      projectId: project.id,
      userId: signedIn.userId,
      redirectUri: data.redirectUri,
      codeChallenge: data.codeChallenge,
      codeChallengeMethod: data.codeChallengeMethod,
      isNewUser: signedIn.isNewUser,
      afterCallbackRedirectUrl: data.afterCallbackRedirectUrl
    })
    return withParams(data.redirectUri, { code, state: data.state })
  })

const errorLocation = (errorRedirectUrl: string, error: KnownError): string =>
  withParams(errorRedirectUrl, {
    error: error.code,
    error_description: error.message,
    errorCode: error.code,
    message: error.message,
    details: JSON.stringify(error.details)
  })

/** Finishes the flow; failures before the flow is known are plain 400s (there is nowhere safe to send them). */
export const completeOAuthFlow = (input: CallbackInput) =>
  Effect.gen(function* () {
    const innerState = input.params["state"] ?? ""
    // A flow started in JSON mode set no cookie (PKCE guards it); any other must show the cookie (either name).
    const cookieShown =
      innerState !== "" && innerStateCookies(innerState).some((name) => input.cookies[name] === "true")
    if (!cookieShown && (innerState === "" || (yield* oauthFlowResponseMode(innerState)) !== "json")) {
      return yield* Effect.fail(
        new Refused({
          reason: "invalid",
          message:
            "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again"
        })
      )
    }
    const flow = yield* takeOAuthFlow(innerState, new Date(yield* Clock.currentTimeMillis))
    if (flow === undefined || flow.providerId !== input.providerId) {
      return yield* Effect.fail(
        new Refused({ reason: "invalid", message: "Invalid OAuth state. Please try signing in again." })
      )
    }
    const loaded = yield* (yield* Projects).find(flow.projectId)
    if (loaded === undefined) {
      return yield* Effect.fail(
        new Refused({ reason: "invalid", message: "The project of this OAuth flow no longer exists." })
      )
    }
    const errorRedirectUrl = flow.data.errorRedirectUrl
    const location = yield* finish(loaded.project, flow, input.params).pipe(
      Effect.catchIf(
        (error): error is Extract<typeof error, KnownError> => errorRedirectUrl !== null && isKnownError(error),
        (error) => Effect.succeed(errorLocation(errorRedirectUrl ?? "", error))
      )
    )
    const result: CallbackResult = { location, innerState }
    return result
  })
