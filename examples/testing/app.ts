/**
 * The "app" the example tests exercise, written as an app would: a passwordless sign-up by e-mailed code,
 * a server route that answers who is calling from the session the request carries, and a profile read
 * that tries again when the service is briefly unavailable.
 */
import * as Effect from "effect/Effect"
import { Auth, CurrentUser, type HttpError, RequestAuth } from "stackfx"

const CALLBACK_URL = "http://localhost:3000/handler/magic-link-callback"

/** Step 1 of the sign-up: e-mail a code; answers the nonce step 2 pairs with it. */
export const sendSignUpCode = (email: string) =>
  Effect.gen(function* () {
    const auth = yield* Auth
    const sent = yield* auth.sendMagicLinkEmail(email, { callbackUrl: CALLBACK_URL })
    return sent.nonce
  })

/** Step 2: the code the person typed; answers whether the account is new. */
export const completeSignUp = (code: string, nonce: string) =>
  Effect.gen(function* () {
    const auth = yield* Auth
    const signedIn = yield* auth.signInWithOtp(code, nonce)
    return signedIn.isNewUser
  })

/** The app's `GET /api/whoami`: the caller's e-mail, from the `x-stack-auth` header the client sends. */
export const whoami = (request: Request) =>
  Effect.gen(function* () {
    const requestAuth = yield* RequestAuth
    const { user } = yield* requestAuth.user({ headers: request.headers })
    return { status: 200, email: user.primaryEmail }
  }).pipe(
    Effect.catchTags({
      Unauthenticated: () => Effect.succeed({ status: 401, email: null }),
      InvalidSession: () => Effect.succeed({ status: 401, email: null })
    })
  )

const isUnavailable = (error: { readonly _tag: string }): error is HttpError =>
  error._tag === "HttpError" && (error as HttpError).status >= 500

/** The profile page's read: a 5xx is tried again (twice), anything else is the page's to show. */
export const loadProfile = Effect.gen(function* () {
  const currentUser = yield* CurrentUser
  return yield* currentUser.get
}).pipe(Effect.retry({ times: 2, while: isUnavailable }))
