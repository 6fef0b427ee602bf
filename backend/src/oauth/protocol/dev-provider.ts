/**
 * The built-in development OAuth provider: it stands in for github, google, microsoft, spotify or any other
 * provider id so OAuth works offline. The backend sends the browser to its authorize page (`dev-provider-
 * routes.ts`), a person picks or types an identity, and the provider returns to the backend's callback with a
 * code; the backend then redeems the code in-process with `exchange`, which checks provider, redirect URI and
 * state against what the code was issued for.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { createHash, randomBytes } from "node:crypto"
import { isEmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { InvalidAuthorizationCode } from "@stackfx/lib/errors/index.js"
import { type OAuthIdentity, parseScopes } from "./identity.js"

/** How long an issued code can be redeemed. */
export const DEV_CODE_TTL_MS = 5 * 60_000

/** The authorize request, as the backend sends it (query) and the page posts it back (form). */
export const DevAuthorizeRequest = Schema.Struct({
  redirect_uri: Schema.String,
  state: Schema.String,
  scope: Schema.optionalKey(Schema.String),
  nonce: Schema.optionalKey(Schema.String)
})
export type DevAuthorizeRequest = typeof DevAuthorizeRequest.Type

/** What the person entered on the page. Empty strings count as absent. */
export interface DevIdentityInput {
  readonly email: string
  readonly displayName?: string | undefined
  readonly accountId?: string | undefined
  readonly emailVerified?: boolean | undefined
}

/** The request cannot be served: the redirect is not the backend's, or the identity is unusable. */
export class DevProviderRequestInvalid extends Schema.TaggedError<DevProviderRequestInvalid>()(
  "DevProviderRequestInvalid",
  {
    message: Schema.String
  }
) {}

/** The identity a known email gets when no account id is typed: stable per provider, so sign-ins repeat. */
export const devAccountId = (providerId: string, email: string): string =>
  createHash("sha256").update(`${providerId}:${email.trim().toLowerCase()}`).digest("hex").slice(0, 20)

interface IssuedCode {
  readonly providerId: string
  readonly redirectUri: string
  readonly state: string
  readonly expiresAt: number
  readonly identity: OAuthIdentity
}

export interface DevProviderConfig {
  /** Only the backend's own callback may receive codes; anything else would be an open redirect. */
  readonly isAllowedRedirect: (redirectUri: string) => boolean
  /** Random strings for codes and tokens; crypto-random unless a test pins them. */
  readonly random?: Effect.Effect<string> | undefined
}

export interface DevProviderShape {
  /** Validate an authorize request before showing the page. */
  readonly checkRequest: (
    providerId: string,
    request: DevAuthorizeRequest
  ) => Effect.Effect<void, DevProviderRequestInvalid>
  /** Issue a code for the identity; the answer is the URL to send the browser to. */
  readonly approve: (
    providerId: string,
    request: DevAuthorizeRequest,
    identity: DevIdentityInput
  ) => Effect.Effect<string, DevProviderRequestInvalid>
  /** The person refused: back to the callback with `error=access_denied`. */
  readonly deny: (providerId: string, request: DevAuthorizeRequest) => Effect.Effect<string, DevProviderRequestInvalid>
  /** Redeem a code once; any mismatch or expiry is INVALID_AUTHORIZATION_CODE. */
  readonly exchange: (input: {
    readonly providerId: string
    readonly code: string
    readonly redirectUri: string
    readonly state: string
  }) => Effect.Effect<OAuthIdentity, InvalidAuthorizationCode>
}

const withParams = (uri: string, params: Readonly<Record<string, string>>): string => {
  const url = new URL(uri)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

const blankToUndefined = (s: string | undefined) => (s === undefined || s.trim() === "" ? undefined : s.trim())

/** Build the provider's state. */
export const makeDevProvider = (config: DevProviderConfig): Effect.Effect<DevProviderShape> =>
  Effect.map(Ref.make<ReadonlyMap<string, IssuedCode>>(new Map()), (codes): DevProviderShape => {
    const random = config.random ?? Effect.sync(() => randomBytes(24).toString("base64url"))
    const checkRequest = (providerId: string, request: DevAuthorizeRequest) =>
      providerId.trim() === ""
        ? Effect.fail(new DevProviderRequestInvalid({ message: "The provider id is empty." }))
        : !URL.canParse(request.redirect_uri) || !config.isAllowedRedirect(request.redirect_uri)
          ? Effect.fail(
              new DevProviderRequestInvalid({ message: "The redirect URI is not this backend's OAuth callback." })
            )
          : request.state === ""
            ? Effect.fail(new DevProviderRequestInvalid({ message: "The state parameter is missing." }))
            : Effect.void

    const approve = (providerId: string, request: DevAuthorizeRequest, input: DevIdentityInput) =>
      Effect.gen(function* () {
        yield* checkRequest(providerId, request)
        const email = input.email.trim()
        if (!isEmailAddress(email)) {
          return yield* new DevProviderRequestInvalid({ message: "Enter an email address such as ada@example.com." })
        }
        const code = yield* random
        const identity: OAuthIdentity = {
          providerId,
          accountId: blankToUndefined(input.accountId) ?? devAccountId(providerId, email),
          email,
          displayName: blankToUndefined(input.displayName) ?? email.slice(0, email.indexOf("@")),
          emailVerified: input.emailVerified ?? true,
          profileImageUrl: null,
          accessToken: `dev-${providerId}-${yield* random}`,
          refreshToken: null,
          scopes: parseScopes(request.scope)
        }
        const now = yield* Clock.currentTimeMillis
        yield* Ref.update(codes, (all) => {
          // expired codes are dropped on each issue so the map never grows without bound
          const live = new Map([...all].filter(([, c]) => c.expiresAt > now))
          return live.set(code, {
            providerId,
            redirectUri: request.redirect_uri,
            state: request.state,
            expiresAt: now + DEV_CODE_TTL_MS,
            identity
          })
        })
        return withParams(request.redirect_uri, { code, state: request.state })
      })

    const deny = (providerId: string, request: DevAuthorizeRequest) =>
      Effect.map(checkRequest(providerId, request), () =>
        withParams(request.redirect_uri, {
          error: "access_denied",
          error_description: "The user denied access.",
          state: request.state
        })
      )

    const exchange: DevProviderShape["exchange"] = (input) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const issued = yield* Ref.modify(codes, (all) => {
          const found = all.get(input.code)
          if (found === undefined) return [undefined, all] as const
          const rest = new Map(all)
          rest.delete(input.code)
          return [found, rest] as const
        })
        const invalid = (message: string) => new InvalidAuthorizationCode({ message })
        if (issued === undefined) return yield* invalid("The authorization code is unknown or was already used.")
        if (issued.expiresAt <= now) return yield* invalid("The authorization code has expired.")
        if (issued.providerId !== input.providerId)
          return yield* invalid("The authorization code was issued for another provider.")
        if (issued.redirectUri !== input.redirectUri)
          return yield* invalid("The redirect URI does not match the authorization request.")
        if (issued.state !== input.state) return yield* invalid("The state does not match the authorization request.")
        return issued.identity
      })

    return { checkRequest, approve, deny, exchange }
  })

/** The development provider as a service of the local backend. */
export class DevProvider extends Context.Service<DevProvider, DevProviderShape>()("stackfx-backend/DevProvider") {
  static readonly layer = (config: DevProviderConfig): Layer.Layer<DevProvider> =>
    Layer.effect(DevProvider, makeDevProvider(config))
}
