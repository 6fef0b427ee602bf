/**
 * Decoding a request's path parameters, query and body together, as the hosted service validates its whole
 * request with one schema: every part is decoded, and the problems of all of them are named in one
 * SCHEMA_ERROR, part by part in the order of the route's request schema (the declaration's `inputOrder`,
 * `@stackfx/lib/contract/declaration.js`), each part's own problems in the order its schema found them.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { CRUD_INPUT_ORDER, type RequestPart } from "@stackfx/lib/contract/declaration.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type RequestLine, schemaErrorOf } from "./request.js"

/** Each part's decoding: its value, or the lines naming its problems (`checkPart` of request.ts). */
export interface PartDecoders<P, Q, B> {
  readonly params: Effect.Effect<P, ReadonlyArray<string>>
  readonly query: Effect.Effect<Q, ReadonlyArray<string>>
  readonly body: Effect.Effect<B, ReadonlyArray<string>>
}

const PARTS: ReadonlyArray<RequestPart> = ["params", "query", "body"]

/**
 * The problems of every part, the parts in `order` (a part it leaves out comes last, as yup sorts a key its
 * schema does not list after the listed ones).
 */
export const orderedProblems = (
  order: ReadonlyArray<RequestPart>,
  problems: Readonly<Record<RequestPart, ReadonlyArray<string>>>
): ReadonlyArray<string> =>
  [...order, ...PARTS.filter((part) => !order.includes(part))].flatMap((part) => problems[part])

const problemsOf = <A>(result: Result.Result<A, ReadonlyArray<string>>): ReadonlyArray<string> =>
  Result.isFailure(result) ? result.failure : []

/** Decodes the three parts; any problem in any of them is one SCHEMA_ERROR naming them all. */
export const decodeParts = <P, Q, B>(
  request: RequestLine,
  decoders: PartDecoders<P, Q, B>,
  order: ReadonlyArray<RequestPart> = CRUD_INPUT_ORDER
): Effect.Effect<{ readonly params: P; readonly query: Q; readonly body: B }, SchemaError> =>
  Effect.flatMap(
    Effect.all({
      params: Effect.result(decoders.params),
      query: Effect.result(decoders.query),
      body: Effect.result(decoders.body)
    }),
    ({ params, query, body }) =>
      Result.isSuccess(params) && Result.isSuccess(query) && Result.isSuccess(body)
        ? Effect.succeed({ params: params.success, query: query.success, body: body.success })
        : Effect.fail(
            schemaErrorOf(
              request,
              orderedProblems(order, { params: problemsOf(params), query: problemsOf(query), body: problemsOf(body) })
            )
          )
  )
