/** Building responses: JSON bodies encoded with the shared domain schemas, and known errors on the wire. */
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { bothNames, encodeKnownError } from "@stackfx/lib/errors/encode.js"
import { ANSWER_HEADERS } from "@stackfx/lib/errors/wire-response.js"
import type { KnownError } from "@stackfx/lib/errors/known/registry.js"

/**
 * A failure that is not in the known-error catalogue (the hosted service's StatusError): answered as
 * plain text with this status.
 */
export class HttpStatusError extends Schema.TaggedError<HttpStatusError>()("HttpStatusError", {
  status: Schema.Number,
  message: Schema.String
}) {}

/** A JSON response of an already wire-shaped value. */
export const json = (body: unknown, status = 200): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(JSON.stringify(body), { status, contentType: "application/json" })

/** How an answer is sent to the request: `override` (it carried `X-Stack-Override-Error-Status: true`). */
export interface AnswerStyle {
  readonly override: boolean
}

/** A known error as docs/wire.md sends it, honouring `X-Stack-Override-Error-Status`. */
export const knownErrorResponse = (error: KnownError, style: AnswerStyle): HttpServerResponse.HttpServerResponse => {
  const wire = encodeKnownError(error, { overrideStatus: style.override })
  const { "content-type": contentType, ...headers } = wire.headers
  return HttpServerResponse.text(wire.body, {
    status: wire.status,
    contentType: contentType ?? "application/json",
    headers
  })
}

/**
 * An error that is not a known error: plain text, like the hosted service's StatusError, with the same
 * status override for 4xx.
 */
export const plainError = (
  status: number,
  message: string,
  style: AnswerStyle
): HttpServerResponse.HttpServerResponse => {
  const override = style.override && status >= 400 && status < 500
  return HttpServerResponse.text(message, {
    status: override ? 200 : status,
    ...(override ? { headers: bothNames(ANSWER_HEADERS.actualStatus, String(status)) } : {})
  })
}
