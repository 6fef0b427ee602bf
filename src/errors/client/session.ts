import * as Data from "effect/Data"

/** `getUser({ or: "throw" })` found no signed-in user. */
export class NotSignedIn extends Data.TaggedError("NotSignedIn")<{ readonly message: string }> {
  constructor(props: { readonly message?: string } = {}) {
    super({ message: props.message ?? "User is not signed in but getUser was called with { or: 'throw' }" })
  }
}

/** An access token was required but the session has none. */
export class NoAccessToken extends Data.TaggedError("NoAccessToken")<{ readonly message: string }> {
  constructor(props: { readonly message?: string } = {}) {
    super({ message: props.message ?? "No access token available" })
  }
}

/** A token whose text is the string "undefined": a missing value was stringified somewhere. */
export class InvalidTokenString extends Data.TaggedError("InvalidTokenString")<{ readonly message: string }> {
  constructor(props: { readonly message?: string } = {}) {
    super({
      message:
        props.message ?? "Invalid token: the token is the string 'undefined', so a missing token was passed as text."
    })
  }
}

/** A required access-token freshness of 60000 ms or more can never be met, so it is refused. */
export class InvalidFreshness extends Data.TaggedError("InvalidFreshness")<{
  readonly requiredFreshnessMs: number
  readonly message: string
}> {
  constructor(props: { readonly requiredFreshnessMs: number; readonly message?: string }) {
    super({
      ...props,
      message:
        props.message ??
        `Required access token freshness must be less than 60000 ms, got ${props.requiredFreshnessMs} ms.`
    })
  }
}
