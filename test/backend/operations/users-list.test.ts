/** `GET /users` without a limit: one page of at most 1,000 users, a longer list refused (the service's rule). */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { listUsers } from "../../../backend/src/operations/users/users.js"
import { Db } from "../../../backend/src/store/db.js"
import { layerDb } from "../../../backend/src/store/layer.js"

/** Adds `count` plain users to the seeded project, straight into the table (the HTTP way takes minutes). */
const addUsers = (count: number, offset: number) =>
  Effect.flatMap(Db, (db) =>
    db.query(
      `insert into users (id, project_id, signed_up_at, last_active_at)
       select 'bulk-' || lpad(i::text, 5, '0'), 'internal', now() - (i || ' seconds')::interval, now()
       from generate_series($1::int, $2::int) as i`,
      [offset, offset + count - 1]
    )
  )

const unlimited = listUsers({
  projectId: "internal",
  desc: false,
  orderBy: "signed_up_at",
  excludedEmailDomains: [],
  include: "all"
})

layer(layerDb("memory"), { timeout: "120 seconds" })("listing users without a limit", (it) => {
  it.effect("answers 1,000 users as one page, and refuses 1,001 with a plain 400", () =>
    Effect.gen(function* () {
      const before = (yield* unlimited).items.length
      yield* addUsers(1000 - before, 0)
      const page = yield* unlimited
      assert.strictEqual(page.items.length, 1000)
      assert.isNull(page.nextCursor)
      yield* addUsers(1, 5000)
      const refused = yield* Effect.flip(unlimited)
      assert.deepInclude(refused, {
        _tag: "Refused",
        message: "Listing more than 1000 users requires a limit. Pass limit and paginate using cursor."
      })
    })
  )
})
