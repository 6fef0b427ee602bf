import * as Data from "effect/Data"

/** Redirects to untrusted URLs are refused. */
export class RedirectNotTrusted extends Data.TaggedError("RedirectNotTrusted")<{
  readonly url: string
  readonly message: string
}> {
  constructor(props: { readonly url: string; readonly message?: string }) {
    super({
      ...props,
      message: props.message ?? `Redirect URL ${props.url} is not trusted; should be relative.`
    })
  }
}
