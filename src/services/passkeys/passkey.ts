/**
 * Passkeys (sign-in and registration). Registration: ask the service for ceremony options, fill in this
 * page's hostname, run the browser ceremony, send the credential with the ceremony's code; the caller then
 * refreshes the user. Sign-in: the same with an authentication ceremony, and the answer starts the session.
 * Its members are declared in the table below.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { caller, type CallFailureAt, custom, implement } from "../http/service-calls.js"
import { Session } from "../session/session.js"
import { Transport } from "../http/transport.js"
import { PasskeysApi } from "../../contract/passkeys.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import { WebAuthnError } from "../../errors/client/webauthn-error.js"
import type { PasskeyInitiation } from "../../domain/passkey-requests.js"
import type { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { UserAuthenticationRequired } from "../../errors/known/session.js"
import { allowingAnonymousUsers } from "../wire/transport-request.js"
import { WebAuthn } from "./passkey-ceremony.js"
import { ceremonyError } from "./passkey-ceremony-error.js"
import { authenticationOptionsFor, CreationOptions, registrationOptionsFor, RequestOptions } from "./passkey-options.js"

/**
 * What a ceremony's two calls can fail with. The bodies are built from the ceremony's own values, so a body
 * that does not fit is a defect, not an `InvalidInput`.
 */
type CeremonyFailure<
  Start extends (typeof PasskeysApi)[keyof typeof PasskeysApi],
  Finish extends (typeof PasskeysApi)[keyof typeof PasskeysApi]
> = WebAuthnError | Exclude<CallFailureAt<Start, "client"> | CallFailureAt<Finish, "client">, InvalidInput>

/** The errors registering a passkey can fail with. */
export type PasskeyRegistrationFailure = CeremonyFailure<
  typeof PasskeysApi.initiateRegistration,
  typeof PasskeysApi.register
>

/** The errors signing in with a passkey can fail with. */
export type PasskeySignInFailure = CeremonyFailure<typeof PasskeysApi.initiateAuthentication, typeof PasskeysApi.signIn>

/** A completed passkey sign-in: the session has started. */
export interface PasskeySignInResult {
  readonly userId: string
  readonly isNewUser: boolean
}

/** Passkey registration and sign-in of a client tier. */
export const PasskeysCalls = {
  /** Adds a passkey to the signed-in user; refresh the user afterwards to see `passkeyAuthEnabled`. */
  register: custom<Effect.Effect<void, PasskeyRegistrationFailure>>("effect", PasskeysApi.register.changes),
  /**
   * Signs in with a passkey. `MultiFactorAuthenticationRequired` carries the attempt code for the TOTP
   * prompt.
   */
  signIn: custom<Effect.Effect<PasskeySignInResult, PasskeySignInFailure>>("effect", PasskeysApi.signIn.changes)
}

/** What the browser must offer before anything is asked of the service. */
const browserReady = Effect.gen(function* () {
  const browser = yield* WebAuthn
  const hostname = browser.hostname()
  if (!browser.isSupported() || hostname === undefined || hostname === "") {
    return yield* new WebAuthnError({ code: "WEBAUTHN_UNSUPPORTED" })
  }
  return { browser, hostname }
})

/**
 * The options of an initiation answer, as this client reads them; an answer that does not decode is unusable
 * options, not a transport fault.
 */
const usableOptions = <S extends Schema.Codec<unknown, unknown, never, never>>(
  schema: S,
  code: "REGISTRATION_INITIATION_FAILED" | "AUTHENTICATION_INITIATION_FAILED"
) => {
  const decode = Schema.decodeUnknownEffect(schema)
  const unusable = (error: { readonly message: string }) =>
    new WebAuthnError({ code, message: `${new WebAuthnError({ code }).message}: ${error.message}` })
  return <E>(self: Effect.Effect<PasskeyInitiation, E>) =>
    Effect.flatMap(
      Effect.mapError(self, (error) =>
        isResponseDecodeError(error) ? unusable(error) : (error as Exclude<E, ResponseDecodeError>)
      ),
      (initiation) =>
        Effect.map(Effect.mapError(decode(initiation.optionsJson), unusable), (options) => ({
          options,
          code: initiation.code
        }))
    )
}

const isResponseDecodeError = (error: unknown): error is ResponseDecodeError =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "ResponseDecodeError"

const runCeremony = <A>(
  flow: "registration" | "authentication",
  ceremony: () => Promise<A | null | undefined>
): Effect.Effect<A, WebAuthnError> =>
  Effect.tryPromise({ try: ceremony, catch: (error) => ceremonyError(flow, error) }).pipe(
    Effect.flatMap((response) =>
      response === null || response === undefined
        ? Effect.fail(
            new WebAuthnError({
              code: flow === "registration" ? "REGISTRATION_NOT_COMPLETED" : "AUTHENTICATION_NOT_COMPLETED"
            })
          )
        : Effect.succeed(response)
    )
  )

/** A body built from the ceremony's own values always fits its schema: a misfit is a defect. */
const built = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, InvalidInput>, R> =>
  Effect.catch(self, (error) =>
    typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "InvalidInput"
      ? Effect.die(error)
      : Effect.fail(error as Exclude<E, InvalidInput>)
  )

export const makePasskeys = implement(
  PasskeysCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const session = yield* Session
    const initiateRegistration = caller(transport, PasskeysApi.initiateRegistration, "client")
    const registerCall = caller(transport, PasskeysApi.register, "client")
    const initiateAuthentication = caller(transport, PasskeysApi.initiateAuthentication, "client")
    const signInCall = caller(transport, PasskeysApi.signIn, "client")

    const register = Effect.gen(function* () {
      // Nobody signed in: the service refuses the initiation as a malformed request (SCHEMA_ERROR, "auth.user
      // must be defined"), so the client says what that means before asking.
      if ((yield* session.state)._tag === "KnownInvalid") return yield* Effect.fail(new UserAuthenticationRequired({}))
      const { browser, hostname } = yield* browserReady
      const initiation = yield* initiateRegistration({ body: {} }).pipe(
        built,
        usableOptions(CreationOptions, "REGISTRATION_INITIATION_FAILED")
      )
      const options = yield* Effect.fromResult(registrationOptionsFor(initiation.options, hostname))
      const credential = yield* runCeremony("registration", () => browser.startRegistration(options))
      // The answer (the credential's id) carries nothing the client needs.
      yield* built(registerCall({ body: { credential, code: initiation.code } }))
    }).pipe(
      // A guest may register a passkey: it is added to the guest's own account, which stays a guest (the
      // service has no passkey sign-up: the user is upgraded by a sign-up with an e-mail or a provider).
      allowingAnonymousUsers
    )

    const signIn = Effect.gen(function* () {
      const { browser, hostname } = yield* browserReady
      const initiation = yield* initiateAuthentication({ body: {} }).pipe(
        built,
        usableOptions(RequestOptions, "AUTHENTICATION_INITIATION_FAILED")
      )
      const options = yield* Effect.fromResult(authenticationOptionsFor(initiation.options, hostname))
      const response = yield* runCeremony("authentication", () => browser.startAuthentication(options))
      const answer = yield* built(signInCall({ body: { authenticationResponse: response, code: initiation.code } }))
      yield* session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })
      return { userId: answer.userId, isNewUser: answer.isNewUser }
    })

    return { register, signIn }
  })
)
