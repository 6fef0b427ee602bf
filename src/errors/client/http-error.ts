import * as Schema from "effect/Schema"
import { excerpt } from "./excerpt.js"

/** A failed HTTP answer that is not a known error (the hosted service sends those as plain text). */
export class HttpError extends Schema.TaggedError<HttpError>()("HttpError", {
  status: Schema.Number,
  body: Schema.String,
  method: Schema.String,
  url: Schema.String,
  message: Schema.String
}) {
  constructor(
    props: { readonly status: number; readonly body: string; readonly method: string; readonly url: string
      readonly message?: string },
    options?: Schema.MakeOptions
  ) {
    super({
      ...props,
      message: props.message ?? `${props.method} ${props.url} failed with status ${props.status}: ${excerpt(props.body)}`
    }, options)
  }
}
