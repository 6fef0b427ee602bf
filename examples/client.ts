/**
 * The client tier, as an app uses it for its end user: sign up, rename the signed-in user, a refused
 * sign-in, sign out.
 *
 *   npx stackfx dev           # starts the local backend on http://127.0.0.1:8102
 *   npm run example:client    # STACK_API_URL, STACK_PROJECT_ID, STACK_PUBLISHABLE_CLIENT_KEY override the defaults
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Auth, clientTierFromEnv, CurrentUser } from "stackfx"
import { localBackendDefaults, runExample, signUpRefusals, stop, whenAClientCallFails } from "./local-backend.js"

const email = `client-example-${Date.now().toString(36)}@example.com`
const password = "correct horse battery staple"

const program = Effect.gen(function* () {
  const auth = yield* Auth
  const currentUser = yield* CurrentUser

  const signedUp = yield* auth
    .signUpWithCredential({ email, password, passwordConfirmation: password })
    .pipe(Effect.catchTag(signUpRefusals, stop("signing up")))
  yield* Console.log(`signed up ${email} (new user: ${signedUp.isNewUser})`)

  const renamed = yield* currentUser
    .update({ displayName: "Client Example" })
    .pipe(
      Effect.catchTag(
        [
          "InvalidInput",
          "UserAuthenticationRequired",
          "CannotGetOwnUserWithoutUser",
          "UserEmailAlreadyExists",
          "ContactChannelAlreadyUsedForAuthBySomeoneElse",
          "TeamMembershipNotFound"
        ],
        stop("renaming")
      )
    )
  yield* Console.log(`signed in as ${renamed.displayName} <${renamed.primaryEmail}>`)

  // One handler per error this call documents: a new one in a later version would be a compile error here.
  const wrongPassword = yield* auth.signInWithCredential({ email, password: "not the password" }).pipe(
    Effect.as("signed in with the wrong password?!"),
    Effect.catchTags({
      EmailPasswordMismatch: (error) => Effect.succeed(`refused: ${error.message}`),
      PasswordAuthenticationNotEnabled: () => Effect.succeed("refused: password sign-in is off for this project"),
      MultiFactorAuthenticationRequired: () => Effect.succeed("the account asks for a TOTP code")
    })
  )
  yield* Console.log(`wrong password ${wrongPassword}`)

  yield* auth.signOut
  const afterSignOut = yield* currentUser.get
  yield* Console.log(`signed out; current user: ${afterSignOut === null ? "none" : afterSignOut.id}`)
})

const ClientLive = clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

await runExample(program.pipe(Effect.provide(ClientLive), Effect.catchTags(whenAClientCallFails)))
