/**
 * What an email-sending call needs before it can send: a primary email on the user (for verification) and
 * a callback URL the mail's link can point at.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** Sending a verification email needs a primary email on the user, and this user has none. */
export class NoPrimaryEmail extends Schema.TaggedError<NoPrimaryEmail>()("NoPrimaryEmail", {
  message: Schema.String.pipe(
    Schema.withConstructorDefault(Effect.succeed("The user has no primary email, so there is nothing to verify."))
  )
}) {}

/**
 * Invitation, verification, forgot-password and magic-link emails need a callback URL or a current
 * URL. None was given and there is no current page (outside a browser) to build the default from.
 */
export class CallbackUrlRequired extends Schema.TaggedError<CallbackUrlRequired>()("CallbackUrlRequired", {
  /** The handler route the default would have pointed at, e.g. `/handler/password-reset`. */
  route: Schema.String,
  message: Schema.String
}) {
  constructor(props: { readonly route: string; readonly message?: string }, options?: Schema.MakeOptions) {
    super(
      {
        ...props,
        message:
          props.message ??
          `This email needs an absolute callback URL: pass callbackUrl, or call it from a page so that ${props.route} ` +
            "can be resolved against the current URL."
      },
      options
    )
  }
}
