import type * as Cause from "effect/Cause"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { KnownErrorTypeId } from "./type-id.js"

/**
 * One word of a wire code in PascalCase. OAUTH and WEBAUTHN keep the casing the hosted service's own
 * SDK (e.g. `OAuthConnectionNotConnectedToUser`) uses, so tags read like upstream names.
 */
type Word<W extends string> = W extends "OAUTH" ? "OAuth" : W extends "WEBAUTHN" ? "WebAuthn" : Capitalize<Lowercase<W>>

/** `USER_NOT_FOUND` -> `"UserNotFound"`, at the type level. */
export type PascalCase<S extends string> = S extends `${infer H}_${infer T}` ? `${Word<H>}${PascalCase<T>}` : Word<S>

const word = (w: string): string =>
  w === "OAUTH" ? "OAuth" : w === "WEBAUTHN" ? "WebAuthn" : w.charAt(0) + w.slice(1).toLowerCase()

/** `USER_NOT_FOUND` -> `"UserNotFound"`, at runtime. @internal */
export const pascalCase = <S extends string>(code: S): PascalCase<S> =>
  // The template-literal type mirrors this exact algorithm; TS cannot follow split/join.
  code.split("_").map(word).join("") as PascalCase<S>

/** Details fields are plain JSON values: no services are needed to decode or encode them. */
export type DetailsFields = {
  readonly [key: string]: Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }
}

/** The schema of a known error's `details` object. */
export type DetailsSchema<F extends DetailsFields> = Schema.Struct<F>

/** Details may be left out of the constructor only when every details field is optional. */
type DetailsField<F extends DetailsFields> = {} extends Schema.Struct<F>["~type.make.in"]
  ? Schema.withConstructorDefault<Schema.Struct<F>>
  : Schema.Struct<F>

/** The fields every known error carries; `code`, `status` and `message` are filled in by the class. */
export type KnownErrorFields<Code extends string, Status extends number, F extends DetailsFields> = {
  readonly code: Schema.tag<Code>
  readonly status: Schema.tag<Status>
  readonly details: DetailsField<F>
  readonly message: Schema.withConstructorDefault<Schema.String>
}

/** Why a wire body could not become this error: the details did not match the catalogue schema. */
export interface InvalidDetails {
  readonly _tag: "InvalidDetails"
  readonly message: string
}

/** Static side shared by every known-error class, used by the registry and the decoder. */
export interface KnownErrorStatics<Self, Code extends string, Status extends number, F extends DetailsFields> {
  readonly code: Code
  readonly status: Status
  readonly tag: PascalCase<Code>
  readonly detailsSchema: DetailsSchema<F>
  /** The catalogue message for these details (what `new` uses when no message is given). */
  readonly defaultMessage: (details: Schema.Struct<F>["Type"]) => string
  /** Builds the error from a wire body's `details` (unvalidated) and `error` message (catalogue one if absent). */
  readonly fromWire: (details: unknown, message: string | undefined) => Result.Result<Self, InvalidDetails>
}

/** The class a known error extends: a `Schema.TaggedError` plus the statics above. */
export type KnownErrorClass<Self, Code extends string, Status extends number, F extends DetailsFields> = Schema.Class<
  Self,
  Schema.TaggedStruct<PascalCase<Code>, KnownErrorFields<Code, Status, F>>,
  Cause.YieldableError & { readonly [KnownErrorTypeId]: true }
> &
  KnownErrorStatics<Self, Code, Status, F>

/** What a known-error class looks like once its generics are forgotten. */
export interface AnyKnownErrorClass<Self = unknown> {
  readonly code: string
  readonly status: number
  readonly tag: string
  readonly fromWire: (details: unknown, message: string | undefined) => Result.Result<Self, InvalidDetails>
}

type Message<F extends DetailsFields> = string | ((details: Schema.Struct<F>["Type"]) => string)

// The runtime view of the generated base class; its typed view is KnownErrorClass.
type RuntimeBase = new (input?: Record<string, unknown>, options?: unknown) => object
interface RuntimeStatics {
  make(input?: Record<string, unknown>, options?: unknown): unknown
  makeOption(input?: Record<string, unknown>, options?: unknown): unknown
  makeEffect(input?: Record<string, unknown>, options?: unknown): unknown
}

/**
 * Declares a known-error class in one line, with full static types.
 *
 * @example
 * class PasswordTooShort extends knownError<PasswordTooShort>()(
 *   "PASSWORD_TOO_SHORT", 400, (d) => `Password too short. Minimum length is ${d.min_length}.`,
 *   { min_length: Schema.Int }
 * ) {}
 * new PasswordTooShort({ details: { min_length: 8 } }).message // "Password too short. Minimum length is 8."
 * @internal
 */
export const knownError =
  <Self = never>() =>
  <const Code extends string, const Status extends number, const F extends DetailsFields = {}>(
    code: Code,
    status: Status,
    message: Message<F>,
    details?: F
  ): KnownErrorClass<Self, Code, Status, F> => {
    const tag = pascalCase(code)
    const detailsSchema = Schema.Struct(details ?? ({} as F))
    const defaultMessage = typeof message === "string" ? () => message : message
    const Base = Schema.TaggedError<Self>()(tag, {
      code: Schema.tag(code),
      status: Schema.tag(status),
      // No runtime constructor defaults: `fill` supplies both, because the message depends on the details.
      details: detailsSchema,
      message: Schema.String
    }) as unknown as RuntimeBase & RuntimeStatics

    // Fills `details` and the catalogue `message` (which may depend on the details) before the schema
    // sees the input, for both `new` and the static `make*` constructors.
    const fill = (input: Record<string, unknown> | undefined): Record<string, unknown> => {
      const given = input ?? {}
      const detailsValue = given["details"] ?? {}
      const messageValue =
        given["message"] ??
        // Only trusted to render when the details are valid; invalid ones fail in the schema anyway.
        (Schema.is(detailsSchema)(detailsValue) ? defaultMessage(detailsValue) : "")
      return { ...given, details: detailsValue, message: messageValue }
    }

    class KnownErrorBase extends Base {
      static readonly code = code
      static readonly status = status
      static readonly tag = tag
      static readonly detailsSchema = detailsSchema
      static readonly defaultMessage = defaultMessage
      static fromWire(wireDetails: unknown, wireMessage: string | undefined): Result.Result<object, InvalidDetails> {
        const decoded = Schema.decodeUnknownResult(detailsSchema)(wireDetails ?? {})
        if (Result.isFailure(decoded)) {
          return Result.fail({ _tag: "InvalidDetails", message: decoded.failure.message })
        }
        return Result.succeed(new this({ details: decoded.success, message: wireMessage }))
      }
      // On the prototype, not the instance: the mark must not become one of the error's fields.
      get [KnownErrorTypeId](): true {
        return true
      }
      static override make(input?: Record<string, unknown>, options?: unknown): unknown {
        return super.make(fill(input), options)
      }
      static override makeOption(input?: Record<string, unknown>, options?: unknown): unknown {
        return super.makeOption(fill(input), options)
      }
      static override makeEffect(input?: Record<string, unknown>, options?: unknown): unknown {
        return super.makeEffect(fill(input), options)
      }
      constructor(input?: Record<string, unknown>, options?: unknown) {
        super(fill(input), options)
      }
    }
    // The class above is the runtime of exactly this type; TS cannot derive it through the generic base.
    return KnownErrorBase as unknown as KnownErrorClass<Self, Code, Status, F>
  }
