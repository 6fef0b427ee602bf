import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { matchesSearch, pageOf } from "../../../backend/src/operations/paging.js"

/** A sorted list of distinct ids. */
const listArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 30 })

const id = (item: string) => item

/** Every page from the first, following `next_cursor` until it is null. */
const walk = (list: ReadonlyArray<string>, limit: number) => {
  const pages: Array<ReadonlyArray<string>> = []
  let cursor: string | undefined
  for (;;) {
    const page = pageOf(list, id, { limit, cursor })
    if (!page.isPaginated) throw new Error("a limited list must be paginated")
    pages.push(page.items)
    if (page.pagination.nextCursor === null) return pages
    cursor = page.pagination.nextCursor
    if (pages.length > list.length + 1) throw new Error("paging does not end")
  }
}

describe("pageOf", () => {
  it("is the whole list, unpaged, when neither a limit nor a cursor is given", () => {
    fc.assert(
      fc.property(listArb, (list) => {
        assert.deepStrictEqual(pageOf(list, id, {}), { items: list, isPaginated: false })
      })
    )
  })

  it("pages through every item once, in order, each page at most the limit, only the last one short", () => {
    fc.assert(
      fc.property(listArb, fc.integer({ min: 1, max: 8 }), (list, limit) => {
        const pages = walk(list, limit)
        assert.deepStrictEqual(pages.flat(), list)
        assert.isTrue(pages.every((page) => page.length <= limit))
        assert.isTrue(pages.slice(0, -1).every((page) => page.length === limit))
        // A next cursor is given only when more follow: the last page is never empty unless the list is.
        if (list.length > 0) assert.isAbove(pages.at(-1)?.length ?? 0, 0)
      })
    )
  })

  it("starts after the cursor's item, and nowhere for a cursor whose item is gone", () => {
    fc.assert(
      fc.property(listArb, fc.string({ maxLength: 4 }), (list, cursor) => {
        const page = pageOf(list, id, { cursor })
        const at = list.indexOf(cursor)
        assert.deepStrictEqual(page.items, at === -1 ? [] : list.slice(at + 1))
      })
    )
  })
})

describe("matchesSearch", () => {
  it("keeps everything for no search, an exact id, and any text containing the search in any case", () => {
    const ascii = fc.stringMatching(/^[A-Za-z0-9 ]{0,6}$/)
    fc.assert(
      fc.property(ascii, ascii, ascii, (a, b, c) => {
        const text = `${a}${b}${c}`
        assert.isTrue(matchesSearch(undefined, "id", text))
        assert.isTrue(matchesSearch("", "id", null))
        assert.isTrue(matchesSearch(b.toUpperCase(), "id", text.toLowerCase()))
        assert.isTrue(matchesSearch(`${a}x`, `${a}x`, null))
      })
    )
  })

  it("drops what neither the id nor a text matches", () => {
    assert.isFalse(matchesSearch("red", "team-1", "Blue team", null))
    assert.isFalse(matchesSearch("team", "team-1", null))
  })
})
