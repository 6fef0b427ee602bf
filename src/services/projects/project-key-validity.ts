/** A project API key set with its validity (expired, manually revoked or valid) as of the Effect `Clock`. */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ApiKey, ApiKeyCreated } from "../../domain/api-key.js"
import { type ApiKeyTimes, type ApiKeyValidity, apiKeyValidity } from "../../domain/rules/api-key-validity.js"

/** Attaches the validity as of the current `Clock` time. */
export const withValidity = <K extends ApiKeyTimes>(key: K): Effect.Effect<K & { readonly validity: ApiKeyValidity }> =>
  Effect.map(Clock.currentTimeMillis, (now) => ({ ...key, validity: apiKeyValidity(key, now) }))

/** A listed key set (last four characters only) and whether it still works. */
export type ApiKeyWithValidity = ApiKey & { readonly validity: ApiKeyValidity }
/** The create answer (full key values, shown this once) and its validity. */
export type CreatedApiKey = ApiKeyCreated & { readonly validity: ApiKeyValidity }
