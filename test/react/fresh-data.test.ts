import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { TestClock } from "effect/testing"
import type { ClientTeam } from "../../src/domain/team.js"
import type { ClientUser } from "../../src/domain/user.js"
import { QueryCache } from "../../src/react/cache.js"
import { teamsQuery, userQuery } from "../../src/react/queries.js"
import { layerStackReact } from "../../src/react/react-layer.js"
import { CurrentUser, type CurrentUserShape } from "../../src/services/generated/current-user.js"
import { DataChanges, withChanges } from "../../src/services/changes/data-changes.js"
import { CurrentUserCalls } from "../../src/services/users/current-user.js"
import { changeTable } from "../../src/services/http/service-calls.js"
import { TeamsCalls } from "../../src/services/teams/teams.js"
import { Teams, type TeamsShape } from "../../src/services/generated/teams.js"

/**
 * A tier whose services are fakes (answers from memory, each read taking `readMs` of test time) wrapped
 * with their change tables, as the lazy Layers wrap the real ones, plus the provider's React layer.
 */
const freshTier = Effect.gen(function* () {
  const name = yield* Ref.make("Ann")
  const userLoads = yield* Ref.make(0)
  const teamLoads = yield* Ref.make(0)
  const readMs = 100
  const currentUser: CurrentUserShape = {
    get: Effect.andThen(
      Effect.andThen(
        Ref.update(userLoads, (n) => n + 1),
        Effect.sleep(readMs)
      ),
      Effect.map(Ref.get(name), (displayName) => ({ id: "u1", displayName }) as unknown as ClientUser)
    ),
    getWith: () => Effect.die("not used here"),
    update: (patch) =>
      Effect.andThen(Ref.set(name, patch.displayName ?? ""), Effect.succeed({ id: "u1" } as unknown as ClientUser)),
    delete: Effect.void,
    authJson: Effect.die("not used here"),
    authHeaders: Effect.die("not used here")
  }
  const teams = {
    list: Effect.andThen(
      Ref.update(teamLoads, (n) => n + 1),
      Effect.as(Effect.sleep(readMs), [] as ReadonlyArray<ClientTeam>)
    ),
    create: () => Effect.succeed({ id: "t1" } as unknown as ClientTeam)
  } as unknown as TeamsShape
  const services = Layer.effect(
    CurrentUser,
    DataChanges.use((hub) => Effect.succeed(withChanges(currentUser, changeTable(CurrentUserCalls), hub)))
  ).pipe(
    Layer.merge(
      Layer.effect(
        Teams,
        DataChanges.use((hub) => Effect.succeed(withChanges(teams, changeTable(TeamsCalls), hub)))
      )
    ),
    Layer.provideMerge(DataChanges.layer)
  )
  const layer = Layer.provideMerge(layerStackReact({ tabSync: false }), services)
  return { layer, userLoads, teamLoads, readMs }
})

/** Subscribes to the user query (a mounted reader) and waits for its first answer. */
const readUser = (cache: QueryCache["Service"], readMs: number) =>
  Effect.gen(function* () {
    const leave = cache.subscribe(userQuery.key, () => undefined)
    const first = yield* Effect.forkChild(cache.get(userQuery.key, userQuery.load))
    yield* TestClock.adjust(readMs)
    return { leave, first: yield* Fiber.join(first) }
  })

const displayNameIn = (cache: QueryCache["Service"]) => {
  const snapshot = cache.peek(userQuery.key)
  return snapshot?._tag === "Success" ? (snapshot.value as ClientUser).displayName : undefined
}

describe("fresh data: a service's write reloads the provider's cache", () => {
  it.effect("CurrentUser.update run on its own reloads the read user, even within the 300 ms throttle", () =>
    Effect.gen(function* () {
      const { layer, readMs, userLoads } = yield* freshTier
      yield* Effect.gen(function* () {
        const cache = yield* QueryCache
        const { first, leave } = yield* readUser(cache, readMs)
        assert.strictEqual(first?.displayName, "Ann")
        // The caller names no key and uses no helper of the React adapter.
        const update = yield* Effect.forkChild(CurrentUser.use((u) => u.update({ displayName: "Annie" })))
        yield* TestClock.adjust(readMs)
        yield* Fiber.join(update)
        assert.strictEqual(displayNameIn(cache), "Annie", "fresh when the write's effect completes")
        assert.strictEqual(yield* Ref.get(userLoads), 2)
        leave()
      }).pipe(Effect.provide(layer))
    })
  )

  it.effect("a write forgets what nobody reads instead of loading it, and leaves unrelated keys alone", () =>
    Effect.gen(function* () {
      const { layer, readMs, teamLoads, userLoads } = yield* freshTier
      yield* Effect.gen(function* () {
        const cache = yield* QueryCache
        const leave = cache.subscribe(teamsQuery.key, () => undefined)
        const loads = yield* Effect.forkChild(
          Effect.all([cache.get(userQuery.key, userQuery.load), cache.get(teamsQuery.key, teamsQuery.load)], {
            concurrency: 2
          })
        )
        yield* TestClock.adjust(readMs)
        yield* Fiber.join(loads)
        yield* CurrentUser.use((u) => u.update({ displayName: "Annie" }))
        assert.isUndefined(cache.peek(userQuery.key), "unread: forgotten, the next reader loads it")
        assert.strictEqual(yield* Ref.get(userLoads), 1)
        assert.strictEqual(yield* Ref.get(teamLoads), 1, "the teams are not what the update changed")
        const create = yield* Effect.forkChild(Teams.use((t) => t.create({ displayName: "Acme" })))
        yield* TestClock.adjust(readMs)
        yield* Fiber.join(create)
        assert.strictEqual(yield* Ref.get(teamLoads), 2)
        leave()
      }).pipe(Effect.provide(layer))
    })
  )

  it.effect("a write during a load is followed by one more load, and a failed write reloads nothing", () =>
    Effect.gen(function* () {
      const { layer, readMs, userLoads } = yield* freshTier
      yield* Effect.gen(function* () {
        const cache = yield* QueryCache
        const leave = cache.subscribe(userQuery.key, () => undefined)
        yield* cache.ensure(userQuery.key, userQuery.load)
        yield* TestClock.adjust(readMs / 2)
        const writes = yield* Effect.forkChild(
          Effect.all(
            [
              CurrentUser.use((u) => u.update({ displayName: "B" })),
              CurrentUser.use((u) => u.update({ displayName: "Bea" }))
            ],
            { concurrency: 2 }
          )
        )
        yield* TestClock.adjust(readMs / 2)
        yield* TestClock.adjust(readMs)
        yield* Fiber.join(writes)
        assert.strictEqual(yield* Ref.get(userLoads), 2, "the running load, then one follow-up for both writes")
        assert.strictEqual(displayNameIn(cache), "Bea")
        yield* Effect.fail("refused").pipe(
          Effect.tap(() => CurrentUser.use((u) => u.update({ displayName: "never" }))),
          Effect.ignore
        )
        assert.strictEqual(yield* Ref.get(userLoads), 2)
        leave()
      }).pipe(Effect.provide(layer))
    })
  )

  it.effect("a reloaded entry is still dropped 5000 ms after its last reader leaves", () =>
    Effect.gen(function* () {
      const { layer, readMs } = yield* freshTier
      yield* Effect.gen(function* () {
        const cache = yield* QueryCache
        const { leave } = yield* readUser(cache, readMs)
        const update = yield* Effect.forkChild(CurrentUser.use((u) => u.update({ displayName: "Annie" })))
        yield* TestClock.adjust(readMs)
        yield* Fiber.join(update)
        leave()
        yield* TestClock.adjust(4999)
        assert.strictEqual(displayNameIn(cache), "Annie")
        yield* TestClock.adjust(1)
        assert.isUndefined(cache.peek(userQuery.key))
      }).pipe(Effect.provide(layer))
    })
  )
})
