/** Project API key sets (`/internal/api-keys`, admin tier). */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { Millis, nullableKey, wireStruct, withFastDecode } from "./wire.js"

/**
 * A time that is `null` unless set, as the hosted service answers it: it leaves the key out rather than
 * send `null`, so a missing key decodes to `null` and `null` encodes as a missing key. (Also the user and team
 * keys' times, user-team-api-key.ts.) @internal
 */
export const absentUnlessSet = /* @__PURE__ */ withFastDecode(
  Schema.optionalKey(Millis).pipe(
    Schema.decodeTo(
      Schema.NullOr(Schema.Date),
      SchemaTransformation.transformOptional<Date | null, Date>({
        decode: (wire) => Option.some(Option.getOrNull(wire)),
        encode: (value) => Option.flatMap(value, Option.fromNullishOr)
      })
    )
  ),
  (compile) => compile.decoder(Schema.NullOr(Millis)),
  { value: null }
)

/**
 * A key of a key set that is `null` when the set has no such key, as the hosted service answers it: it leaves
 * the key out (`internal/api-keys`), so a missing key decodes to `null` and `null` encodes as a missing key.
 */
const absentUnlessHeld = <
  S extends Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }
>(
  schema: S
) =>
  withFastDecode(
    Schema.optionalKey(schema).pipe(
      Schema.decodeTo(
        Schema.NullOr(Schema.toType(schema)),
        SchemaTransformation.transformOptional<S["Type"] | null, S["Type"]>({
          decode: (wire) => Option.some(Option.getOrNull(wire)),
          encode: (value) => Option.flatMap(value, Option.fromNullishOr)
        })
      )
    ),
    (compile) => compile.decoder(Schema.NullOr(schema)),
    { value: null }
  )

/** After creation the service only reveals the last four characters of a key. @internal */
export const ApiKeyLastFour = wireStruct({ lastFour: Schema.String })
/** @internal */
export type ApiKeyLastFour = typeof ApiKeyLastFour.Type

const baseFields = {
  id: Schema.String,
  description: Schema.String,
  expiresAt: Millis,
  /** `null` unless the key set was revoked by hand. */
  manuallyRevokedAt: nullableKey(Millis),
  createdAt: Millis
}
const baseOverrides = {
  expiresAt: "expires_at_millis",
  manuallyRevokedAt: "manually_revoked_at_millis",
  createdAt: "created_at_millis"
} as const

/** A key set as listed: each key the set has is `{ lastFour }`, the others are `null`. */
export const ApiKey = wireStruct(
  {
    ...baseFields,
    publishableClientKey: nullableKey(ApiKeyLastFour),
    secretServerKey: nullableKey(ApiKeyLastFour),
    superSecretAdminKey: nullableKey(ApiKeyLastFour)
  },
  baseOverrides
)
export type ApiKey = typeof ApiKey.Type

/** The create answer: the only time the full key strings are shown. */
export const ApiKeyCreated = wireStruct(
  {
    ...baseFields,
    publishableClientKey: nullableKey(Schema.String),
    secretServerKey: nullableKey(Schema.String),
    superSecretAdminKey: nullableKey(Schema.String)
  },
  baseOverrides
)
export type ApiKeyCreated = typeof ApiKeyCreated.Type

/** `POST /internal/api-keys` body. */
export const ApiKeyCreate = wireStruct(
  {
    description: Schema.String,
    expiresAt: Millis,
    hasPublishableClientKey: Schema.Boolean,
    hasSecretServerKey: Schema.Boolean,
    hasSuperSecretAdminKey: Schema.Boolean
  },
  { expiresAt: "expires_at_millis" }
)
export type ApiKeyCreate = typeof ApiKeyCreate.Type

/** `PATCH /internal/api-keys/{id}` body; revocation is `{ revoked: true }` and cannot be undone. */
export const ApiKeyUpdate = Schema.Struct({
  revoked: Schema.optionalKey(Schema.Literal(true)),
  description: Schema.optionalKey(Schema.String)
})
export type ApiKeyUpdate = typeof ApiKeyUpdate.Type

/**
 * {@link ApiKey} as the hosted service answers it: `manually_revoked_at_millis` is left out until the key set
 * is revoked, and a key the set does not have is left out (the same decoded type). The declarations' success (contract/api-keys.ts). @internal
 */
export const HostedApiKey = wireStruct(
  {
    ...baseFields,
    manuallyRevokedAt: absentUnlessSet,
    publishableClientKey: absentUnlessHeld(ApiKeyLastFour),
    secretServerKey: absentUnlessHeld(ApiKeyLastFour),
    superSecretAdminKey: absentUnlessHeld(ApiKeyLastFour)
  },
  baseOverrides
)

/** {@link ApiKeyCreated} as the hosted service answers it (see {@link HostedApiKey}). @internal */
export const HostedApiKeyCreated = wireStruct(
  {
    ...baseFields,
    manuallyRevokedAt: absentUnlessSet,
    publishableClientKey: absentUnlessHeld(Schema.String),
    secretServerKey: absentUnlessHeld(Schema.String),
    superSecretAdminKey: absentUnlessHeld(Schema.String)
  },
  baseOverrides
)
