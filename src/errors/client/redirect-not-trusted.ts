import * as Schema from "effect/Schema"

/** Redirects to untrusted URLs are refused. */
export class RedirectNotTrusted extends Schema.TaggedError<RedirectNotTrusted>()("RedirectNotTrusted", {
  url: Schema.String,
  message: Schema.String
}) {
  constructor(props: { readonly url: string; readonly message?: string }, options?: Schema.MakeOptions) {
    super({
      ...props,
      message: props.message ?? `Redirect URL ${props.url} is not trusted; should be relative.`
    }, options)
  }
}
