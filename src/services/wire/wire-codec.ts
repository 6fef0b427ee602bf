/**
 * Everything of the client that needs effect's Schema at run time: decoding answers, encoding inputs, and the
 * schemas of the calls every program makes (the signed-in user, the session refresh). It is loaded on first
 * use (wire-codec-load.ts), the load starting with a call's request so that it overlaps the network: a
 * program's first load carries no Schema (about 15 KB gzip). Lazily loaded services import from here
 * directly; code on the first load names it only as a type. The local backend, which shares the schemas,
 * never carries it.
 *
 * An answer is decoded once per schema by a decoder built once: a compiled decoder where it can vouch for
 * the answer, else effect's parser, for the schema's exact value or error. Compiled decoders cover the plain
 * parts of wire schemas: closures built once from a schema's AST that check an answer with `typeof` and
 * `===` and build the decoded value directly, instead of running effect's general parser (exits, issues,
 * candidate indexes) field by field. A call's answer arrives after the process has waited on the network,
 * when little of that parser's code is still in the CPU's caches: there the `ClientUser` decode took about
 * 20 µs through the parser (see README, per call), a few µs compiled.
 *
 * A compiled decoder only ever answers a value the schema itself would decode to, or `unsure`: anything it
 * does not recognise (a check, a transformation it was not told about, an unexpected value) is `unsure`,
 * and the caller then decodes with the schema, so values and errors stay exactly the schema's. What it
 * cannot read from an AST, the schema tells it where it is declared (domain/wire.ts).
 * test/services/wire/fast-decode.prop.test.ts checks both on generated answers.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type { ParamCodec } from "../../contract/declaration.js"
import { firstLoadSchemas } from "../../contract/first-load-schemas.js"
import { type FastCompiler, type FastDecode, fastDecodeHint, type FastField, unsure } from "../../domain/wire.js"
import { excerpt } from "../../errors/client/excerpt.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"
import { ResponseDecodeError } from "../../errors/client/response-decode-error.js"

/** The schemas of the calls on every program's path, for code that must not import them itself. @internal */
export const schemas = firstLoadSchemas

// Each node's decoder once built; `null` for a node that cannot be compiled. A memo keyed by the AST node,
// which is immutable: the same node always compiles to the same decoder, whoever asks.
const compiled = new WeakMap<SchemaAST.AST, FastDecode | null>()

/**
 * The checks of effect's own schemas that wire fields use, as predicates. Keyed by the check itself, which
 * an optional key or an annotation carries over to its new AST node.
 */
const knownChecks = new Map<SchemaAST.Check<unknown>, (u: never) => boolean>([
  [Schema.Int.ast.checks?.[0] as SchemaAST.Check<unknown>, Number.isSafeInteger],
  [Schema.Finite.ast.checks?.[0] as SchemaAST.Check<unknown>, Number.isFinite]
])

/** The compiled decoder of `schema`, or `undefined` when some part of it cannot be compiled. @internal */
export const fastDecoder = (schema: Schema.Top): FastDecode | undefined => compileAst(schema.ast)

/** What a schema's hint builds with. */
const compiler: FastCompiler = {
  decoder: (schema) => fastDecoder(schema),
  struct: (fields) => fastStructDecoder(fields)
}

const compileAst = (ast: SchemaAST.AST): FastDecode | undefined => {
  const known = compiled.get(ast)
  if (known !== undefined) return known ?? undefined
  // A recursive schema meets itself while compiling: unsure until its decoder exists.
  compiled.set(ast, null)
  const decode = fastDecodeHint(ast)?.compile(compiler) ?? compileNode(ast)
  compiled.set(ast, decode ?? null)
  return decode
}

const hasEncodingChecks = (ast: SchemaAST.AST): boolean =>
  (ast as { readonly encodingChecks?: unknown }).encodingChecks !== undefined

/** A node with no checks or transformations of its own. */
const isPlain = (ast: SchemaAST.AST): boolean =>
  ast.checks === undefined && ast.encoding === undefined && !hasEncodingChecks(ast)

/** The node with its checks, when each is a known one. */
const compileNode = (ast: SchemaAST.AST): FastDecode | undefined => {
  // Transformations and other checks are the schema's own to run.
  if (ast.encoding !== undefined || hasEncodingChecks(ast)) return undefined
  const base = compileBase(ast)
  if (base === undefined || ast.checks === undefined) return base
  const predicates: Array<(u: never) => boolean> = []
  for (const check of ast.checks) {
    const predicate = knownChecks.get(check)
    if (predicate === undefined) return undefined
    predicates.push(predicate)
  }
  return (u) => {
    const out = base(u)
    if (out === unsure) return unsure
    for (let i = 0; i < predicates.length; i++) if (!(predicates[i] as (u: unknown) => boolean)(out)) return unsure
    return out
  }
}

const compileBase = (ast: SchemaAST.AST): FastDecode | undefined => {
  switch (ast._tag) {
    case "String":
      return (u) => (typeof u === "string" ? u : unsure)
    case "Number":
      return (u) => (typeof u === "number" ? u : unsure)
    case "Boolean":
      return (u) => (typeof u === "boolean" ? u : unsure)
    case "Null":
      return (u) => (u === null ? u : unsure)
    case "Undefined":
      return (u) => (u === undefined ? u : unsure)
    case "Literal": {
      const literal = ast.literal
      return (u) => (u === literal ? u : unsure)
    }
    case "Union":
      return ast.options?.mode === "oneOf" ? undefined : compileUnion(ast.types)
    case "Arrays":
      return ast.elements.length === 0 && ast.rest.length === 1 ? compileArray(ast.rest[0] as SchemaAST.AST) : undefined
    case "Objects":
      return ast.indexSignatures.length === 0 ? compileObject(ast.propertySignatures) : undefined
    default:
      return undefined
  }
}

/** The first member that decodes the value, as effect's union does by default ("anyOf"). */
const compileUnion = (types: ReadonlyArray<SchemaAST.AST>): FastDecode | undefined => {
  const members: Array<FastDecode> = []
  for (const type of types) {
    const member = compileAst(type)
    if (member === undefined) return undefined
    members.push(member)
  }
  // `NullOr(x)`, the usual union of an answer: `null` is itself, anything else is up to `x` (effect tries
  // the members in order, and only the Null member accepts `null`; if `x` also did, it would come second).
  const nullAt = types.findIndex((type) => type._tag === "Null" && isPlain(type))
  if (members.length === 2 && nullAt !== -1) {
    const other = members[1 - nullAt] as FastDecode
    return nullAt === 0
      ? (u) => (u === null ? null : other(u))
      : (u) => {
          const out = other(u)
          return out === unsure && u === null ? null : out
        }
  }
  return (u) => {
    for (let i = 0; i < members.length; i++) {
      const out = (members[i] as FastDecode)(u)
      if (out !== unsure) return out
    }
    return unsure
  }
}

const compileArray = (item: SchemaAST.AST): FastDecode | undefined => {
  const element = compileAst(item)
  if (element === undefined) return undefined
  return (u) => {
    if (!Array.isArray(u)) return unsure
    const out: Array<unknown> = new Array(u.length)
    for (let i = 0; i < u.length; i++) {
      const decoded = element(u[i])
      if (decoded === unsure) return unsure
      out[i] = decoded
    }
    return out
  }
}

interface Property {
  /** The input's key. */
  readonly from: string
  /** The output's key. */
  readonly to: string
  readonly decode: FastDecode
  readonly optional: boolean
  readonly missing: { readonly value: unknown } | undefined
}

const compileObject = (signatures: ReadonlyArray<SchemaAST.PropertySignature>): FastDecode | undefined => {
  const fields: Array<FastField> = []
  for (const signature of signatures) {
    if (typeof signature.name !== "string") return undefined
    fields.push({ from: signature.name, to: signature.name, type: signature.type })
  }
  return fastStructDecoder(fields)
}

/**
 * A struct: only its own properties, in their declared order, extra keys left out (effect's default), each
 * under its output key (a wire struct renames in the same pass). A missing key is left out when optional,
 * takes its registered default, or makes the answer `unsure`. @internal
 */
export const fastStructDecoder = (fields: ReadonlyArray<FastField>): FastDecode | undefined => {
  const properties: Array<Property> = []
  for (const { from, to, type } of fields) {
    // `__proto__` is read and written specially; the schema handles such a key itself.
    if (from === "__proto__" || to === "__proto__") return undefined
    const decode = compileAst(type)
    if (decode === undefined) return undefined
    properties.push({
      from,
      to,
      decode,
      optional: type.context?.isOptional === true,
      missing: fastDecodeHint(type)?.missing
    })
  }
  // Without optional keys every output has all the keys: it starts as a copy of one with them all, which
  // gives it its final shape at once instead of growing it key by key.
  const template: Record<string, unknown> | undefined = properties.some((p) => p.optional && p.missing === undefined)
    ? undefined
    : Object.fromEntries(properties.map((p) => [p.to, undefined]))
  return (u) => {
    if (typeof u !== "object" || u === null || Array.isArray(u)) return unsure
    const record = u as Readonly<Record<string, unknown>>
    const out: Record<string, unknown> = template === undefined ? {} : { ...template }
    for (let i = 0; i < properties.length; i++) {
      const property = properties[i] as Property
      if (property.from in record) {
        const decoded = property.decode(record[property.from])
        if (decoded === unsure) return unsure
        out[property.to] = decoded
      } else if (property.missing !== undefined) {
        out[property.to] = property.missing.value
      } else if (!property.optional) {
        return unsure
      }
    }
    return out
  }
}

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
 * Encodes a call's path parameters with the declaration's schemas (its `params`), together, so that the
 * message names every one that does not fit; a parameter without a schema is sent as it is.
 */
export const encodeParams = (schemas: Readonly<Record<string, ParamCodec>>) => {
  const encode = Schema.encodeUnknownEffect(Schema.Struct(schemas))
  return (values: Readonly<Record<string, unknown>>): Effect.Effect<Readonly<Record<string, string>>, InvalidInput> =>
    encode(values, { errors: "all" }).pipe(
      Effect.mapError((error) => new InvalidInput({ message: error.message })),
      // The struct's encoded side is the schemas' text; the other parameters are text already (CallInput).
      Effect.map((wire) => ({ ...values, ...(wire as object) }) as Readonly<Record<string, string>>)
    )
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
