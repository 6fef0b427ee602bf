import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** `getUser({ or: "throw" })` found no signed-in user. */
export class NotSignedIn extends Schema.TaggedError<NotSignedIn>()("NotSignedIn", {
  message: Schema.String.pipe(
    Schema.withConstructorDefault(Effect.succeed("User is not signed in but getUser was called with { or: 'throw' }"))
  )
}) {}

/** An access token was required but the session has none. */
export class NoAccessToken extends Schema.TaggedError<NoAccessToken>()("NoAccessToken", {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed("No access token available")))
}) {}

/** A token whose text is the string "undefined": a missing value was stringified somewhere. */
export class InvalidTokenString extends Schema.TaggedError<InvalidTokenString>()("InvalidTokenString", {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed(
    "Invalid token: the token is the string 'undefined', so a missing token was passed as text."
  )))
}) {}

/** A required access-token freshness of 60000 ms or more can never be met, so it is refused. */
export class InvalidFreshness extends Schema.TaggedError<InvalidFreshness>()("InvalidFreshness", {
  requiredFreshnessMs: Schema.Number,
  message: Schema.String
}) {
  constructor(props: { readonly requiredFreshnessMs: number; readonly message?: string }, options?: Schema.MakeOptions) {
    super({
      ...props,
      message: props.message ??
        `Required access token freshness must be less than 60000 ms, got ${props.requiredFreshnessMs} ms.`
    }, options)
  }
}
