/**
 * The mark every known-error class puts on its prototype, so that "is this a known error?" can be
 * answered without loading the catalogue: the client's hot path (`documented`, the transport) must not
 * ship 98 error classes to every browser that only reads the current user.
 */
import type { KnownError } from "./registry.js"

export const KnownErrorTypeId: unique symbol = Symbol.for("stackfx/KnownError")
export type KnownErrorTypeId = typeof KnownErrorTypeId

/** True for any error of the known-error catalogue (an instance of a class made by `knownError`). */
export const isKnownError = (u: unknown): u is KnownError =>
  typeof u === "object" && u !== null && (u as { readonly [KnownErrorTypeId]?: unknown })[KnownErrorTypeId] === true
