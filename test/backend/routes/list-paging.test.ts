/**
 * The lists the service pages and searches since May 2026 (hexclave/hexclave's server and admin interfaces):
 * `GET /teams` (`order_by=created_at`, `desc`, `cursor`, `limit`, `query`) and `GET /team-permission-definitions`
 * (`cursor`, `limit`, `query`). Asked for no page, each answers its whole list unpaged, as before.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { expectStatus, type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const get = (project: TestProject, path: string, accessType: "server" | "admin" = "server") =>
  promise(async () => expectStatus(await backend.call(project, "GET", path, { accessType }), 200).body)

/** Follows `next_cursor` from the first page to the last; the ids of every page. */
const allPages = (project: TestProject, path: string, limit: number, accessType: "server" | "admin" = "server") =>
  Effect.gen(function* () {
    const pages: Array<ReadonlyArray<string>> = []
    let cursor: string | null = null
    do {
      const separator = path.includes("?") ? "&" : "?"
      const body: {
        readonly is_paginated: boolean
        readonly items: ReadonlyArray<{ readonly id: string }>
        readonly pagination: { readonly next_cursor: string | null }
      } = yield* get(
        project,
        `${path}${separator}limit=${limit}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`,
        accessType
      )
      assert.strictEqual(body.is_paginated, true)
      pages.push(body.items.map((item) => item.id))
      cursor = body.pagination.next_cursor
      assert.isAtMost(pages.length, 20, "paging ends")
    } while (cursor !== null)
    return pages
  })

const createTeams = (project: TestProject, names: ReadonlyArray<string>) =>
  Effect.forEach(names, (name) =>
    promise(
      async () =>
        expectStatus(
          await backend.call(project, "POST", "/teams", { accessType: "server", body: { display_name: name } }),
          201
        ).body.id as string
    )
  )

describe("GET /teams: paging and search", () => {
  it.live("pages the teams oldest first, or newest first with desc, each team once", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      const ids = yield* createTeams(project, ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"])
      const whole = yield* get(project, "/teams")
      assert.strictEqual(whole.is_paginated, false)
      assert.deepStrictEqual(
        whole.items.map((t: { id: string }) => t.id),
        ids
      )
      assert.deepStrictEqual(yield* allPages(project, "/teams?order_by=created_at", 2), [
        ids.slice(0, 2),
        ids.slice(2, 4),
        ids.slice(4)
      ])
      assert.deepStrictEqual((yield* allPages(project, "/teams?desc=true", 3)).flat(), [...ids].reverse())
      // A limit covering the whole list: one page, no next cursor.
      assert.deepStrictEqual(yield* allPages(project, "/teams", 5), [ids])
    })
  )

  it.live("searches names in any case, and ids exactly", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      const [red, , lightRed] = yield* createTeams(project, ["Red team", "Blue team", "Light RED"])
      const found = yield* get(project, "/teams?query=red")
      assert.deepStrictEqual(
        found.items.map((t: { id: string }) => t.id),
        [red, lightRed]
      )
      const byId = yield* get(project, `/teams?query=${red}`)
      assert.deepStrictEqual(
        byId.items.map((t: { id: string }) => t.id),
        [red]
      )
    })
  )

  it.live("answers an empty last page for a cursor whose team is gone, and refuses a bad limit or order", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      yield* createTeams(project, ["One", "Two"])
      const gone = yield* get(project, "/teams?cursor=00000000-0000-4000-8000-000000000000&limit=5")
      assert.deepStrictEqual(gone.items, [])
      assert.deepStrictEqual(gone.pagination, { next_cursor: null })
      for (const query of ["limit=0", "limit=-1", "limit=x", "limit=1.5", "order_by=display_name", "desc=yes"]) {
        const refused = yield* promise(() => backend.call(project, "GET", `/teams?${query}`, { accessType: "server" }))
        assert.strictEqual(refused.status, 400, query)
        assert.strictEqual(refused.body.code, "SCHEMA_ERROR", query)
      }
    })
  )
})

describe("GET /team-permission-definitions: paging and search", () => {
  it.live("pages the definitions by id and searches ids and descriptions", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      for (const [id, description] of [
        ["reader", "Reads documents"],
        ["writer", "Writes documents"],
        ["billing", "Pays the invoices"]
      ] as const) {
        yield* promise(async () =>
          expectStatus(
            await backend.call(project, "POST", "/team-permission-definitions", {
              accessType: "admin",
              body: { id, description }
            }),
            201
          )
        )
      }
      const whole = yield* get(project, "/team-permission-definitions", "admin")
      assert.strictEqual(whole.is_paginated, false)
      const ids = whole.items.map((d: { id: string }) => d.id)
      const pages = yield* allPages(project, "/team-permission-definitions", 4, "admin")
      assert.deepStrictEqual(pages.flat(), ids)
      assert.isTrue(pages.every((page) => page.length <= 4))
      const documents = yield* get(project, "/team-permission-definitions?query=DOCUMENTS", "admin")
      assert.deepStrictEqual(
        documents.items.map((d: { id: string }) => d.id),
        ["reader", "writer"]
      )
      const byId = yield* get(project, "/team-permission-definitions?query=bill", "admin")
      assert.deepStrictEqual(
        byId.items.map((d: { id: string }) => d.id),
        ["billing"]
      )
    })
  )

  it.live("leaves the project permission definitions without a query", () =>
    Effect.gen(function* () {
      const project = yield* promise(() => backend.createProject())
      const refused = yield* promise(() =>
        backend.call(project, "GET", "/project-permission-definitions?limit=2", { accessType: "admin" })
      )
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(refused.body.code, "SCHEMA_ERROR")
    })
  )
})
