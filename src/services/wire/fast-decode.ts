/**
 * Compiled decoders for the plain parts of wire schemas: closures built once from a schema's AST that
 * check an answer with `typeof` and `===` and build the decoded value directly, instead of running effect's
 * general parser (exits, issues, candidate indexes) field by field. A call's answer arrives after the
 * process has waited on the network, when little of that parser's code is still in the CPU's caches: there
 * the `ClientUser` decode took about 20 µs through the parser (see README, per call), a few µs compiled.
 *
 * A compiled decoder only ever answers a value the schema itself would decode to, or `unsure`: anything it
 * does not recognise (a check, a transformation it was not told about, an unexpected value) is `unsure`,
 * and the caller then decodes with the schema, so values and errors stay exactly the schema's. What it
 * cannot read from an AST, the schema tells it where it is declared (domain/wire-decode-hints.ts).
 * test/services/http/internal/fast-decode.prop.test.ts checks both on generated answers.
 *
 * Client machinery only: it travels in the codec's chunk (wire-codec.ts), never on a program's first load,
 * and the local backend, which shares the schemas, never carries it.
 */
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import {
  type FastCompiler,
  type FastDecode,
  fastDecodeHint,
  type FastField,
  unsure
} from "../../domain/wire-decode-hints.js"

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
