import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** The OAuth callback could not complete sign-in (bad state, error parameter, failed exchange, ...). */
export class OAuthCallbackError extends Schema.TaggedError<OAuthCallbackError>()("OAuthCallbackError", {
  message: Schema.String.pipe(
    Schema.withConstructorDefault(Effect.succeed("Error signing in during OAuth callback. Please try again."))
  ),
  /** What went wrong, for logs; not shown to the user. */
  reason: Schema.optionalKey(Schema.String)
}) {}
