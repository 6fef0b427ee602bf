/**
 * Reading requests: the body by content type (as the hosted service does) and never more of it than
 * `MAX_BODY_BYTES`, the edge checks of `input-limits.ts`, and Schema validation; failures become
 * BODY_PARSING_ERROR, a 413 or SCHEMA_ERROR with one line per problem, never a 500.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
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
const bodyText = (
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<string, BodyParsingError | HttpStatusError> => {
  const declared = Number(request.headers["content-length"] ?? "0")
  if (declared > MAX_BODY_BYTES) return Effect.fail(bodyTooLarge)
  return Effect.mapError(request.text, (error) =>
    isBodyTooLarge(error) ? bodyTooLarge : parseFailure("The request body could not be read.")
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
  return Effect.flatMap(bodyText(request), (text): Effect.Effect<unknown, BodyParsingError> => {
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
  })
}

// Marks a key the schema does not declare, so that such keys are reported together per object, in the hosted
// service's words ("body contains unknown properties: a, b"), instead of once per key.
const UNKNOWN_KEY = "\u0000unknown-key"

// A missing key in the service's (yup's) words; other leaves keep Effect's message or their annotation.
const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) =>
    issue._tag === "UnexpectedKey"
      ? UNKNOWN_KEY
      : issue._tag === "MissingKey"
        ? "must be defined"
        : SchemaIssue.defaultLeafHook(issue)
})

/** `body`, `["config", 0, "id"]` -> `body.config[0].id`: the service's (yup's) way of naming a field. */
const fieldPath = (where: string, path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (joined, key) => (typeof key === "number" ? `${joined}[${key}]` : `${joined}.${String(key)}`),
    where
  )

/**
 * One line per problem in yup's layout, the field then the message (`body.email must not be empty`); a check
 * that fails twice on one field (two filters with one message) is said once, as yup says each test once.
 * `withheld` are keys of `where` itself that count as unknown (see `validate`); they are named with the other
 * unknown keys of `where`, in the order of `keyOrder` (the keys as sent), as yup lists them.
 */
const describeIssues = (
  where: string,
  issue: SchemaIssue.Issue | undefined,
  withheld: ReadonlyArray<string> = [],
  keyOrder: ReadonlyArray<string> = []
): ReadonlyArray<string> => {
  const lines = new Set<string>()
  const unknownKeys = new Map<string, Array<string>>(withheld.length > 0 ? [[where, [...withheld]]] : [])
  for (const entry of issue === undefined ? [] : formatter(issue).issues) {
    const path = (entry.path ?? []).map((p): PropertyKey =>
      typeof p === "object" && p !== null && "key" in p ? p.key : p
    )
    if (entry.message === UNKNOWN_KEY) {
      const owner = fieldPath(where, path.slice(0, -1))
      const keys = unknownKeys.get(owner) ?? []
      if (!unknownKeys.has(owner)) unknownKeys.set(owner, keys)
      keys.push(String(path[path.length - 1] ?? ""))
      continue
    }
    lines.add(`${fieldPath(where, path)} ${entry.message}`)
  }
  const rank = (key: string) => {
    const at = keyOrder.indexOf(key)
    return at === -1 ? keyOrder.length : at
  }
  for (const [owner, keys] of unknownKeys) {
    const ordered = owner === where && withheld.length > 0 ? [...keys].sort((a, b) => rank(a) - rank(b)) : keys
    lines.add(`${owner} contains unknown properties: ${ordered.join(", ")}`)
  }
  return [...lines]
}

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

/**
 * A check of the request beyond its declared schemas (a rule across fields, a date the store cannot hold): the
 * SCHEMA_ERROR naming `problem` when `valid` is false. Path parameters are the declaration's `params`, never this.
 *
 * @example requireInput(request, unstorable === undefined, `body.expires_at_millis: ${unstorable}`)
 */
export const requireInput = (request: RequestLine, valid: boolean, problem: string): Effect.Effect<void, SchemaError> =>
  valid ? Effect.void : refuseInput(request, problem)

/** The SCHEMA_ERROR naming `problem`, for a check an operation made on the request's input. */
export const refuseInput = (request: RequestLine, problem: string): Effect.Effect<never, SchemaError> =>
  Effect.fail(schemaErrorOf(request, [problem]))

/** A part of the request the route cannot work without: the SCHEMA_ERROR naming `problem` when it is missing. */
export const requirePresent = <A>(
  request: RequestLine,
  value: A | undefined,
  problem: string
): Effect.Effect<A, SchemaError> =>
  value === undefined ? Effect.fail(schemaErrorOf(request, [problem])) : Effect.succeed(value)

/**
 * The signed-in user of a route whose request schema on the service requires one (`auth.user` defined: password
 * set and update, the primary e-mail's verification, passkey registration): without it, the service's schema
 * refusal, before anything else of the route is checked.
 */
export const userRequiredBySchema = <U>(user: U | undefined, request: RequestLine): Effect.Effect<U, SchemaError> =>
  requirePresent(request, user, "auth.user must be defined")

/** How a part of the request treats keys its schema does not declare. */
export type UnknownKeys = "refuse" | "ignore"

/**
 * Decodes a part of the request (`where` is "body", "query" or "params"), failing with one line per problem in
 * the service's words (see {@link validate}, which makes them a SCHEMA_ERROR; {@link decodeParts} names the
 * problems of several parts together).
 */
export const checkPart = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  where: string,
  value: unknown,
  unknownKeys: UnknownKeys = "refuse",
  withheld: ReadonlyArray<string> = []
): Effect.Effect<S["Type"], ReadonlyArray<string>> => {
  // Effect's decoder lets any key through a struct with no fields at all (`onExcessProperty` is not applied),
  // where the service's empty query schemas refuse every key.
  const excess = unknownKeys === "refuse" && isEmptyStruct(schema.ast) ? keysOf(value) : []
  if (excess.length > 0) return Effect.fail([`${where} contains unknown properties: ${excess.join(", ")}`])
  const sent = keysOf(value)
  const refused = withheld.filter((key) => sent.includes(key))
  const checked =
    refused.length === 0
      ? value
      : Object.fromEntries(Object.entries(value as object).filter(([key]) => !refused.includes(key)))
  const decoded = Schema.decodeUnknownEffect(schema)(checked, {
    errors: "all",
    onExcessProperty: unknownKeys === "refuse" ? "error" : "ignore"
  })
  return Effect.flatMap(
    Effect.mapError(decoded, (error) => describeIssues(where, error.issue, refused, sent)),
    (ok) => (refused.length === 0 ? Effect.succeed(ok) : Effect.fail(describeIssues(where, undefined, refused, sent)))
  )
}

/**
 * Decodes a part of the request (`where` is "body", "query" or "params"), reporting every problem. Keys
 * the schema does not declare, at any depth, are refused as the hosted service refuses them (every body,
 * query and params object of its routes rejects unknown properties with SCHEMA_ERROR); only a part the
 * hosted service leaves open (the OAuth authorize query) passes `"ignore"`. `withheld` names keys the schema
 * declares but this caller may not send (a client's server-only fields): the service's schema for that caller
 * lacks them, so they are unknown properties there, refused together with the rest of the part's problems.
 */
export const validate = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  where: string,
  value: unknown,
  request: RequestLine,
  unknownKeys: UnknownKeys = "refuse",
  withheld: ReadonlyArray<string> = []
): Effect.Effect<S["Type"], SchemaError> =>
  Effect.mapError(checkPart(schema, where, value, unknownKeys, withheld), (problems) =>
    schemaErrorOf(request, problems)
  )

const isEmptyStruct = (ast: SchemaAST.AST) =>
  SchemaAST.isObjects(ast) && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0

const keysOf = (value: unknown): ReadonlyArray<string> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : []

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
