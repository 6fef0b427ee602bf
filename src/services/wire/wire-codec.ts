/**
 * Everything of the client that needs effect's Schema at run time: decoding answers (one decoder per schema,
 * built once: the compiled decoder of fast-decode.ts where it can vouch for the answer, else effect's
 * parser, for the schema's exact value or error), encoding inputs, and the schemas of the calls every
 * program makes (the signed-in user, the session refresh). It is loaded on first use (wire-codec-load.ts),
 * the load starting with a call's request so that it overlaps the network: a program's first load carries no
 * Schema (about 15 KB gzip). Lazily loaded services import from here directly; code on the first load names
 * it only as a type.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { firstLoadSchemas } from "../../contract/first-load-schemas.js"
import { unsure } from "../../domain/wire-decode-hints.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"
import { fastDecoder } from "./fast-decode.js"

/** The schemas of the calls on every program's path, for code that must not import them itself. @internal */
export const schemas = firstLoadSchemas

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

/**
 * Decodes a success body into a domain value: `Effect.flatMap(transport.request(req), decodeJson(ClientUser))`.
 * A body of the wrong shape is a `ResponseDecodeError`, never a defect. The decode runs at once and answers
 * an Exit (itself an Effect): no fiber steps of its own, so the transport can resume a call with it. Each
 * schema's decoder is built once, and asked for on every call that decodes.
 */
export const decodeJson = <S extends Schema.Decoder<unknown, never>>(
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

/**
 * Encodes a call's argument into its wire JSON with the same schema the local backend decodes with.
 * A value that does not fit (a check failed, a wrong shape from untyped JS) fails before anything is sent.
 */
export const encodeInput = <S extends Schema.Codec<unknown, unknown, never, never>>(schema: S) => {
  const encode = Schema.encodeUnknownEffect(schema)
  return (value: S["Type"]): Effect.Effect<S["Encoded"], InvalidInput> =>
    encode(value).pipe(Effect.mapError((error) => new InvalidInput({ message: error.message })))
}

/**
 * Encodes a body the call builds itself from values that always fit (a code string, a ceremony's JSON, the
 * user's own stored address) with the schema the backend decodes with: a failure would be a bug in the
 * schema, so it is a defect rather than a typed `InvalidInput` the caller could never meet.
 */
export const encodeBuilt = <S extends Schema.Codec<unknown, unknown, never, never>>(schema: S) => {
  const encode = Schema.encodeEffect(schema)
  return (value: S["Type"]): Effect.Effect<S["Encoded"]> => Effect.orDie(encode(value))
}
