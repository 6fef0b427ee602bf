/**
 * The first keys of a new project, made with `/internal/api-keys` right after the project (as the hosted
 * dashboard does), full values shown once.
 *
 * A module of its own so that `internal-projects.ts`, which every client tier loads, carries no schema code.
 */
import * as Schema from "effect/Schema"
import { nullableKey, wireStruct } from "../../domain/wire.js"

/** The first key set of a new project, with the full key values (shown only once); a key not asked for is `null`. */
export const InitialProjectKeys = wireStruct({
  publishableClientKey: nullableKey(Schema.String),
  secretServerKey: nullableKey(Schema.String),
  superSecretAdminKey: nullableKey(Schema.String)
})
export type InitialProjectKeys = typeof InitialProjectKeys.Type
