import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ListResponse } from "../../src/domain/list.js"
import { TeamPermission } from "../../src/domain/team-permission.js"

const Permissions = ListResponse(TeamPermission)

describe("ListResponse", () => {
  it("decodes an unpaginated list", () => {
    // The exported ListResponse<A> type is what the schema decodes to.
    const list: ListResponse<TeamPermission> = Schema.decodeUnknownSync(Permissions)({
      items: [{ id: "$read_members", user_id: "u", team_id: "t" }],
      is_paginated: false
    })
    assert.deepStrictEqual(list, { items: [{ id: "$read_members", userId: "u", teamId: "t" }], isPaginated: false })
  })

  it("decodes a paginated list with its cursor, and the last page's null cursor", () => {
    const list = Schema.decodeUnknownSync(Permissions)({
      items: [],
      is_paginated: true,
      pagination: { next_cursor: "c2" }
    })
    assert.isTrue(list.isPaginated && list.pagination.nextCursor === "c2")
    const last = Schema.decodeUnknownSync(Permissions)({
      items: [],
      is_paginated: true,
      pagination: { next_cursor: null }
    })
    assert.isTrue(last.isPaginated && last.pagination.nextCursor === null)
  })

  it("writes pagination only when paginated", () => {
    assert.deepStrictEqual(Schema.encodeSync(Permissions)({ items: [], isPaginated: false }), {
      items: [],
      is_paginated: false
    })
    assert.deepStrictEqual(
      Schema.encodeSync(Permissions)({ items: [], isPaginated: true, pagination: { nextCursor: null } }),
      { items: [], is_paginated: true, pagination: { next_cursor: null } }
    )
  })

  it("a paginated list without pagination is malformed; a bad item fails the list", () => {
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(Permissions)({ items: [], is_paginated: true })))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(Permissions)({ items: [{ id: 1 }], is_paginated: false })))
  })
})
