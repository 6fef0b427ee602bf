/**
 * The decoder of an answer's body for each schema, built once: the compiled decoder (fast-decode.ts) where
 * it can vouch for the answer, else effect's parser, for the schema's exact value or error. The transport
 * asks for one on every call that decodes; wire-codec.ts's `decodeJson` is this.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { unsure } from "../../domain/wire-decode-hints.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { fastDecoder } from "./fast-decode.js"

const safeStringify = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

// One decoder per schema. A memo keyed by the schema, which is immutable: the same schema always gets the
// same decoder, whichever Layer or runtime asks, so it is kept here rather than per service (a schema
// unused is collected with its decoder).
const decoders = new WeakMap<object, (body: unknown) => Effect.Effect<unknown, ResponseDecodeError>>()

/** See wire-codec.ts's `decodeJson`. @internal */
export const answerDecoder = <S extends Schema.Decoder<unknown, never>>(
  schema: S
): ((body: unknown) => Effect.Effect<S["Type"], ResponseDecodeError>) => {
  const known = decoders.get(schema)
  if (known !== undefined) return known
  const decode = Schema.decodeUnknownExit(schema)
  // An answer the compiled decoder vouches for is decoded; any other is decoded by the schema itself, for
  // its exact value or error.
  const compiled = fastDecoder(schema)
  const decodeBody = (body: unknown): Effect.Effect<S["Type"], ResponseDecodeError> => {
    if (compiled !== undefined) {
      const value = compiled(body)
      if (value !== unsure) return Exit.succeed(value as S["Type"])
    }
    const exit = decode(body)
    if (Exit.isSuccess(exit)) return Exit.succeed(exit.value)
    return Effect.mapError(
      exit,
      (error) => new ResponseDecodeError({ message: error.message, bodyExcerpt: excerpt(safeStringify(body)) })
    )
  }
  decoders.set(schema, decodeBody)
  return decodeBody
}
