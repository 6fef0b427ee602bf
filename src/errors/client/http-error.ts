import * as Data from "effect/Data"
import { excerpt } from "./excerpt.js"

/** A failed HTTP answer that is not a known error (the hosted service sends those as plain text). */
export class HttpError extends Data.TaggedError("HttpError")<{
  readonly status: number
  readonly body: string
  readonly method: string
  readonly url: string
  readonly message: string
}> {
  constructor(props: {
    readonly status: number
    readonly body: string
    readonly method: string
    readonly url: string
    readonly message?: string
  }) {
    super({
      ...props,
      message:
        props.message ?? `${props.method} ${props.url} failed with status ${props.status}: ${excerpt(props.body)}`
    })
  }
}
