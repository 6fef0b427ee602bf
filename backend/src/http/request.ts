/**
 * Reading requests: the body by content type (as the hosted service does) and never more of it than
 * `MAX_BODY_BYTES`, the edge checks of `input-limits.ts`, and Schema validation; failures become
 * BODY_PARSING_ERROR, a 413 or SCHEMA_ERROR with one line per problem, never a 500.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import type * as HttpServerError from "effect/http/HttpServerError"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { BodyParsingError, SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { inputProblems, MAX_BODY_BYTES } from "./input-limits.js"
import { HttpStatusError } from "./respond.js"

/** The request path as the client sent it (the router strips `/api/v1` from `url`). */
export const pathOf = (request: { readonly originalUrl: string }): string =>
  URL.canParse(request.originalUrl, "http://localhost")
    ? new URL(request.originalUrl, "http://localhost").pathname
    : request.originalUrl

const parseFailure = (message: string) => new BodyParsingError({ message })

/** A body over the limit: a plain 413, as the hosted service's platform answers it. */
export const bodyTooLarge = new HttpStatusError({
  status: 413,
  message: `Request body too large: the local backend reads at most ${MAX_BODY_BYTES} bytes, as the hosted service does.`
})

const isBodyTooLarge = (error: HttpServerError.HttpServerError): boolean =>
  error.reason._tag === "RequestParseError" && error.reason.reason === "BodyTooLarge"

/**
 * The body's text, refused at once when its declared length is over the limit. Otherwise the server's
 * reader counts bytes as they arrive and stops at the limit (see `MaxBodySize` in `middleware.ts`), so
 * an oversized body without a length is never buffered whole either.
 */
const bodyText = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<string, BodyParsingError | HttpStatusError> => {
  const declared = Number(request.headers["content-length"] ?? "0")
  if (declared > MAX_BODY_BYTES) return Effect.fail(bodyTooLarge)
  return Effect.mapError(
    request.text,
    (error) => isBodyTooLarge(error) ? bodyTooLarge : parseFailure("The request body could not be read.")
  )
}

/**
 * The body as JSON (`application/json`), a string map (`application/x-www-form-urlencoded`) or text;
 * `undefined` when there is none. Other content types are refused like the hosted service does.
 */
export const readBody = (
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<unknown, BodyParsingError | HttpStatusError> => {
  if (request.method === "GET" || request.method === "HEAD") return Effect.succeed(undefined)
  const contentType = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? ""
  return Effect.flatMap(
    bodyText(request),
    (text): Effect.Effect<unknown, BodyParsingError> => {
      if (contentType === "") {
        return text.trim() === ""
          ? Effect.succeed(undefined)
          : Effect.fail(parseFailure("The request has a body but no content-type header."))
      }
      switch (contentType) {
        case "application/json":
          if (text.trim() === "") return Effect.succeed(undefined)
          return Effect.try({
            try: (): unknown => JSON.parse(text),
            catch: () => parseFailure("Invalid JSON in request body.")
          })
        case "application/x-www-form-urlencoded":
          return Effect.succeed(Object.fromEntries(new URLSearchParams(text).entries()))
        case "text/plain":
          return Effect.succeed(text)
        default:
          return Effect.fail(parseFailure(`Unknown content type in request body: ${contentType}`))
      }
    }
  )
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const describeIssues = (where: string, issue: SchemaIssue.Issue): ReadonlyArray<string> =>
  formatter(issue).issues.map((entry) => {
    const path = (entry.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? p.key : p))
    return `${[where, ...path.map(String)].join(".")}: ${entry.message}`
  })

/** The request line a SCHEMA_ERROR names. */
export interface RequestLine {
  readonly method: string
  readonly originalUrl: string
}

/**
 * The SCHEMA_ERROR of a request, one problem a line, in the hosted service's layout.
 *
 * @example schemaErrorOf(request, ["body.totp_secret_base64 is not valid base64"])
 * // "Request validation failed on POST /api/v1/users:\n  - body.totp_secret_base64 is not valid base64"
 */
export const schemaErrorOf = (request: RequestLine, problems: ReadonlyArray<string>): SchemaError =>
  new SchemaError({
    details: {
      message: `Request validation failed on ${request.method} ${pathOf(request)}:\n${problems.map((p) => `  - ${p}`).join("\n")}`
    }
  })

/** Decodes a part of the request (`where` is "body", "query" or "params"), reporting every problem. */
export const validate = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  where: string,
  value: unknown,
  request: RequestLine
): Effect.Effect<S["Type"], SchemaError> =>
  Effect.mapError(
    Schema.decodeUnknownEffect(schema)(value, { errors: "all" }),
    (error) => schemaErrorOf(request, describeIssues(where, error.issue))
  )

/**
 * Refuses what no route may receive (see `input-limits.ts`): text PostgreSQL cannot store, strings,
 * nesting and metadata over the limits, numbers beyond the double range. Runs before any Schema, so a
 * refused request has touched nothing.
 */
export const checkInput = (
  request: RequestLine,
  parts: { readonly params: unknown; readonly query: unknown; readonly body: unknown }
): Effect.Effect<void, SchemaError> => {
  const lines = [
    ...inputProblems("params", parts.params),
    ...inputProblems("query", parts.query),
    ...inputProblems("body", parts.body)
  ]
  return lines.length === 0 ? Effect.void : Effect.fail(schemaErrorOf(request, lines))
}

/** The query string as a string map (repeated keys keep the last value). */
export const queryOf = (request: HttpServerRequest.HttpServerRequest): Record<string, string> =>
  Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries())
