/** The implementation of {@link Passkeys}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { PasskeyRegisterRequest, PasskeySignInRequest } from "../../domain/passkey-requests.js"
import { SignInResponse } from "../../domain/tokens.js"
import type { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { WebAuthnError } from "../../errors/client/webauthn-error.js"
import { announcing } from "../changes/data-changes.js"
import { allowingAnonymousUsers } from "../http/allowed-users.js"
import { documented } from "../http/endpoint.js"
import type { PasskeysShape } from "./passkey.js"
import { WebAuthn } from "./passkey-ceremony.js"
import { ceremonyError } from "./passkey-ceremony-error.js"
import {
  AuthenticationInitiation,
  authenticationOptionsFor,
  RegistrationInitiation,
  registrationOptionsFor
} from "./passkey-options.js"
import { Session } from "../session/session.js"
import { jsonBody, Transport, type TransportCallError } from "../http/transport.js"
import { passkeysChanges } from "../changes/write-keys.js"
import { PasskeysErrors } from "./passkey-errors.js"
import { encodeBuilt } from "../http/wire-codec.js"

/** What the browser must offer before anything is asked of the service. */
const browserReady = Effect.gen(function*() {
  const browser = yield* WebAuthn
  const hostname = browser.hostname()
  if (!browser.isSupported() || hostname === undefined || hostname === "") {
    return yield* new WebAuthnError({ code: "WEBAUTHN_UNSUPPORTED" })
  }
  return { browser, hostname }
})

/** An initiation answer that does not decode is unusable options, not a transport fault. */
const unusableOptions = (code: "REGISTRATION_INITIATION_FAILED" | "AUTHENTICATION_INITIATION_FAILED") =>
<A>(
  self: Effect.Effect<A, TransportCallError>
): Effect.Effect<A, Exclude<TransportCallError, ResponseDecodeError> | WebAuthnError> =>
  Effect.catchTag(self, "ResponseDecodeError", (error) =>
    Effect.fail(new WebAuthnError({ code, message: `${new WebAuthnError({ code }).message}: ${error.message}` })))

const runCeremony = <A>(
  flow: "registration" | "authentication",
  ceremony: () => Promise<A | null | undefined>
): Effect.Effect<A, WebAuthnError> =>
  Effect.tryPromise({ try: ceremony, catch: (error) => ceremonyError(flow, error) }).pipe(
    Effect.flatMap((response) =>
      response === null || response === undefined
        ? Effect.fail(new WebAuthnError({
          code: flow === "registration" ? "REGISTRATION_NOT_COMPLETED" : "AUTHENTICATION_NOT_COMPLETED"
        }))
        : Effect.succeed(response)
    )
  )

const encodeRegister = encodeBuilt(PasskeyRegisterRequest)
const encodeSignIn = encodeBuilt(PasskeySignInRequest)

const passkeysShape = (transport: Transport["Service"], session: Session["Service"]): PasskeysShape => {
  const post = (path: string, body: unknown) => ({ method: "POST" as const, path, body: jsonBody(body) })

  const register = Effect.gen(function*() {
    const { browser, hostname } = yield* browserReady
    const initiation = yield* transport.requestJson(
      post("/auth/passkey/initiate-passkey-registration", {}),
      RegistrationInitiation
    ).pipe(unusableOptions("REGISTRATION_INITIATION_FAILED"))
    const options = yield* Effect.fromResult(registrationOptionsFor(initiation.optionsJson, hostname))
    const credential = yield* runCeremony("registration", () => browser.startRegistration(options))
    // The answer (the credential's id, PasskeyRegisterResponse) carries nothing the client needs.
    yield* transport.request(post("/auth/passkey/register", yield* encodeRegister({ credential, code: initiation.code })))
  }).pipe(
    // A guest may register a passkey: it is added to the guest's own account, which stays a guest (the
    // service has no passkey sign-up: the user is upgraded by a sign-up with an e-mail or a provider).
    allowingAnonymousUsers,
    documented(...PasskeysErrors.register)
  )

  const signIn = Effect.gen(function*() {
    const { browser, hostname } = yield* browserReady
    const initiation = yield* transport.requestJson(
      post("/auth/passkey/initiate-passkey-authentication", {}),
      AuthenticationInitiation
    ).pipe(unusableOptions("AUTHENTICATION_INITIATION_FAILED"))
    const options = yield* Effect.fromResult(authenticationOptionsFor(initiation.optionsJson, hostname))
    const response = yield* runCeremony("authentication", () => browser.startAuthentication(options))
    const answer: SignInResponse = yield* transport.requestJson(
      post("/auth/passkey/sign-in", yield* encodeSignIn({ authenticationResponse: response, code: initiation.code })),
      SignInResponse
    )
    yield* session.setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken })
    return { userId: answer.userId, isNewUser: answer.isNewUser }
  }).pipe(
    documented(...PasskeysErrors.signIn)
  )

  return { register, signIn }
}

export const makePasskeys: Effect.Effect<PasskeysShape, never, Transport | Session> = announcing(passkeysChanges, Effect.gen(function*() {
  return passkeysShape(yield* Transport, yield* Session)
}))
