/**
 * One page of a sorted list, as the service pages its newer lists (`GET /teams`, `GET
 * /team-permission-definitions`, since May 2026): the items after the one whose id is `cursor`, at most
 * `limit` of them; `next_cursor` is the id of the page's last item when more follow. A cursor whose item is
 * gone starts nowhere (an empty page, not the first page again). Asked for neither, the list is one unpaged
 * answer, as before.
 */
import type { ListResponse } from "@stackfx/lib/domain/list.js"

export interface PageRequest {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

export const pageOf = <A>(
  sorted: ReadonlyArray<A>,
  idOf: (item: A) => string,
  request: PageRequest
): ListResponse<A> => {
  if (request.limit === undefined && request.cursor === undefined) return { items: sorted, isPaginated: false }
  const start = request.cursor === undefined ? 0 : sorted.findIndex((item) => idOf(item) === request.cursor) + 1
  const rest = request.cursor !== undefined && start === 0 ? [] : sorted.slice(start)
  const items = request.limit === undefined ? rest : rest.slice(0, request.limit)
  const last = items.at(-1)
  return {
    items,
    isPaginated: true,
    pagination: { nextCursor: items.length < rest.length && last !== undefined ? idOf(last) : null }
  }
}

/** Whether `text` (case-insensitively) contains the search, or `id` is it. An absent or empty search keeps all. */
export const matchesSearch = (search: string | undefined, id: string, ...texts: ReadonlyArray<string | null>) => {
  if (search === undefined || search === "") return true
  const needle = search.toLowerCase()
  return id === search || texts.some((text) => text !== null && text.toLowerCase().includes(needle))
}
