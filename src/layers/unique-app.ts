/**
 * "Only one app per unique identifier": a tier built with a `uniqueIdentifier` claims it for as
 * long as the Layer lives, and a second live tier with the same identifier fails with `DuplicateApp`.
 *
 * The claims are kept on `globalThis` under a `Symbol.for` key rather than in a module variable, so two
 * copies of this package in one bundle (or a module re-evaluated by hot reload) still see each other.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { DuplicateApp } from "../errors/client/configuration.js"

const REGISTRY_KEY = Symbol.for("stackfx/liveAppIdentifiers")

type RegistryHolder = { [REGISTRY_KEY]?: Set<string> }

const registry = (): Set<string> => {
  const holder = globalThis as RegistryHolder
  holder[REGISTRY_KEY] ??= new Set<string>()
  return holder[REGISTRY_KEY]
}

/** Claims `uniqueIdentifier` until the surrounding scope closes. @internal */
export const claimUniqueIdentifier = (uniqueIdentifier: string): Effect.Effect<void, DuplicateApp, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.suspend(() => {
      const live = registry()
      if (live.has(uniqueIdentifier)) return Effect.fail(new DuplicateApp({ uniqueIdentifier }))
      live.add(uniqueIdentifier)
      return Effect.void
    }),
    () => Effect.sync(() => void registry().delete(uniqueIdentifier))
  )

/** Whether a live tier holds `uniqueIdentifier` (for diagnostics and tests). */
export const isUniqueIdentifierInUse = (uniqueIdentifier: string): boolean => registry().has(uniqueIdentifier)
