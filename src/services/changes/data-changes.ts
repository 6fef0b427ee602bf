/**
 * How a write tells the readers of what it changed. Each write's declaration says which data keys its
 * success makes stale (contract/data-keys.ts); a service's implementation is built with them
 * (`implement`, services/http/service-calls.ts), so that a success publishes the keys here, whoever runs the effect. A cache (the
 * React provider's) listens and reloads what it holds under those keys before the write's effect completes.
 *
 * effect's `Reactivity` does the same fan-out, but its in-memory service also carries queues and streams
 * for its own query API, which cost more bytes than the whole of this module and the React cache's
 * matching together (measured with `npm run bench -- --only bundles`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

import type { DataKey } from "../../contract/data-keys.js"

export type { DataKey }

/** What the DataChanges service offers; see its tag for the rules. */
export interface DataChangesShape {
  /** The data under `keys` changed: runs every listener and waits for all of them. */
  readonly publish: (keys: ReadonlyArray<DataKey>) => Effect.Effect<void>
  /** `listener` runs on each publish until the returned function is called. */
  readonly listen: (listener: (keys: ReadonlyArray<DataKey>) => Effect.Effect<void>) => () => void
}

/** `true` when `prefix` names `key` (is a prefix of it, element by element). */
export const coversKey = (prefix: DataKey, key: DataKey): boolean =>
  prefix.length <= key.length && prefix.every((part, index) => part === key[index])

export const makeDataChanges = (): DataChangesShape => {
  const listeners = new Set<(keys: ReadonlyArray<DataKey>) => Effect.Effect<void>>()
  return {
    publish: (keys) =>
      Effect.suspend(() =>
        keys.length === 0 || listeners.size === 0
          ? Effect.void
          : Effect.forEach([...listeners], (listener) => listener(keys), { concurrency: "unbounded", discard: true })
      ),
    listen: (listener) => {
      // A wrapper, so that one function listening twice is two listeners.
      const own = (keys: ReadonlyArray<DataKey>) => listener(keys)
      listeners.add(own)
      return () => void listeners.delete(own)
    }
  }
}

/** One per tier (part of its core): every service of the tier publishes to the same one. */
export class DataChanges
  extends /* @__PURE__ */ Context.Service<DataChanges, DataChangesShape>()("stackfx/DataChanges")
{
  static readonly layer: Layer.Layer<DataChanges> = /* @__PURE__ */ Layer.sync(DataChanges, makeDataChanges)
}

/** What a member's success makes stale: fixed keys, or keys computed from the call's arguments. */
type MemberChanges<Member> = Member extends (...args: infer Args) => unknown
  ? ReadonlyArray<DataKey> | ((...args: Args) => ReadonlyArray<DataKey>)
  : ReadonlyArray<DataKey>

/**
 * A service's table: every member is listed (reads with `[]`), so a new member cannot be added without
 * saying what it changes.
 */
export type Changes<Shape> = { readonly [K in keyof Shape]-?: MemberChanges<Shape[K]> }

/**
 * The service object whose members publish their table's keys after they succeed (a failed call changed
 * nothing); members whose keys are `[]` are left as they are. Without a `DataChanges` (a Layer built
 * without a tier core) the shape is returned unchanged.
 */
export const withChanges = <Shape>(shape: Shape, changes: Changes<Shape>, hub: DataChangesShape | undefined): Shape => {
  if (hub === undefined) return shape
  const wrapped = { ...shape } as Record<string, unknown>
  for (const [member, declared] of Object.entries<
    ReadonlyArray<DataKey> | ((...args: ReadonlyArray<unknown>) => ReadonlyArray<DataKey>)
  >(changes)) {
    if (typeof declared !== "function" && declared.length === 0) continue
    const keysOf = typeof declared === "function" ? declared : () => declared
    const original = wrapped[member]
    wrapped[member] =
      typeof original === "function"
        ? (...args: ReadonlyArray<unknown>) =>
            Effect.tap(original(...args) as Effect.Effect<unknown, unknown, unknown>, () =>
              hub.publish(keysOf(...args))
            )
        : Effect.tap(original as Effect.Effect<unknown, unknown, unknown>, () => hub.publish(keysOf()))
  }
  // Each member keeps its type: only a tap after success was added.
  return wrapped as Shape
}
