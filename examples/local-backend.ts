/**
 * What the three examples share: configuration for the local backend, and the handling of the failures
 * any program can meet, whatever it calls.
 *
 * The tiers read `STACK_*` environment variables through effect's `Config`. Below them this adds the local
 * backend's defaults: its address and its seeded `demo` project with that project's development keys
 * (printed when the backend starts, valid only locally). Any variable that is set wins.
 */
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import {
  type CallbackUrlRequired,
  DEMO_PROJECT_KEYS,
  type DuplicateApp,
  type HttpError,
  type InvalidInput,
  type AnonymousAuthenticationNotAllowed,
  type InvalidTokenString,
  type KnownErrorMismatch,
  type MissingConfiguration,
  type NetworkError,
  type PublishableClientKeyRequiredForProject,
  type ResponseDecodeError,
  type RestrictedUserNotAllowed,
  type UnexpectedKnownError
} from "stackfx"

export const localBackendDefaults = ConfigProvider.layerAdd(
  ConfigProvider.fromUnknown({
    STACK_API_URL: "http://127.0.0.1:8102",
    STACK_PROJECT_ID: DEMO_PROJECT_KEYS.projectId,
    STACK_PUBLISHABLE_CLIENT_KEY: DEMO_PROJECT_KEYS.publishableClientKey,
    STACK_SECRET_SERVER_KEY: DEMO_PROJECT_KEYS.secretServerKey,
    STACK_SUPER_SECRET_ADMIN_KEY: DEMO_PROJECT_KEYS.superSecretAdminKey
  })
)

/** Every known error `Auth.signUpWithCredential` documents: what an example cannot go on after. */
export const signUpRefusals = [
  "UserEmailAlreadyExists",
  "PasswordTooShort",
  "PasswordTooLong",
  "PasswordConfirmationMismatch",
  "SignUpNotEnabled",
  "SignUpRejected",
  "PasswordAuthenticationNotEnabled",
  "RedirectUrlNotWhitelisted",
  "MultiFactorAuthenticationRequired",
  "ContactChannelAlreadyUsedForAuthBySomeoneElse",
  "BotChallengeRequired",
  "BotChallengeFailed"
] as const

/** A step of an example did not go as the example expects; `message` says which and why. */
export class ExampleStopped extends Data.TaggedError("ExampleStopped")<{ readonly message: string }> {}

/** `Effect.catchTag([...tags], stop("creating users"))`: ends the example with the error's message. */
export const stop = (step: string) => (error: { readonly _tag: string; readonly message: string }) =>
  Effect.fail(new ExampleStopped({ message: `${step}: ${error._tag}: ${error.message}` }))

const giveUp = (message: string) =>
  Effect.sync(() => {
    console.error(message)
    process.exitCode = 1
  })

/**
 * Handlers for everything besides a call's own known errors: building the tier (configuration), reaching
 * the API, and answers the client cannot use. With these and each call's documented errors handled, the
 * example's error channel is `never`, which `runExample` insists on.
 */
export const whenAnythingElseFails = {
  MissingConfiguration: (e: MissingConfiguration) => giveUp(`configuration: ${e.message}`),
  DuplicateApp: (e: DuplicateApp) => giveUp(e.message),
  ConfigError: (e: Config.ConfigError) => giveUp(`configuration: ${e.message}`),
  NetworkError: (e: NetworkError) =>
    giveUp(`${e.message}\nIs the local backend running? Start it with \`npx stackfx dev\` (or set STACK_API_URL).`),
  HttpError: (e: HttpError) => giveUp(`unexpected answer: ${e.message}`),
  KnownErrorMismatch: (e: KnownErrorMismatch) => giveUp(`malformed error answer: ${e.message}`),
  ResponseDecodeError: (e: ResponseDecodeError) => giveUp(`unexpected answer shape: ${e.message}`),
  UnexpectedKnownError: (e: UnexpectedKnownError) => giveUp(`${e.code}: ${e.message}`),
  InvalidTokenString: (e: InvalidTokenString) => giveUp(e.message),
  // The signed-in user is anonymous or restricted and the tier does not accept such sessions.
  AnonymousAuthenticationNotAllowed: (e: AnonymousAuthenticationNotAllowed) => giveUp(e.message),
  RestrictedUserNotAllowed: (e: RestrictedUserNotAllowed) => giveUp(e.message),
  // The project requires a publishable client key and STACK_PUBLISHABLE_CLIENT_KEY is empty.
  PublishableClientKeyRequiredForProject: (e: PublishableClientKeyRequiredForProject) =>
    giveUp(`${e.message}\nSet STACK_PUBLISHABLE_CLIENT_KEY to one of the project's keys.`),
  ExampleStopped: (e: ExampleStopped) => giveUp(e.message)
}

/** For examples that sign up: an e-mailed link's relative callback URL with no page to resolve it against. */
export const whenCallbackUrlIsMissing = (e: CallbackUrlRequired) => giveUp(e.message)

/** For examples that send request bodies: one the shared schema refused before it was sent. */
const whenInputIsRefused = (e: InvalidInput) => giveUp(`invalid input: ${e.message}`)

/** For examples that sign a person up through a client tier: every failure of theirs, each with its words. */
export const whenAClientCallFails = {
  ...whenAnythingElseFails,
  InvalidInput: whenInputIsRefused,
  CallbackUrlRequired: whenCallbackUrlIsMissing
}

/** Runs an example whose every failure has been handled (the type says so: no error, no requirement). */
export const runExample = (program: Effect.Effect<void>): Promise<void> => Effect.runPromise(program)
