/** The list envelope every collection endpoint answers with. */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** Where the next page starts; `null` on the last page. @internal */
export const Pagination = wireStruct({ nextCursor: Schema.NullOr(Schema.String) })
/** @internal */
export type Pagination = typeof Pagination.Type

/**
 * `{ items, is_paginated, pagination? }`: `pagination` is present exactly when `is_paginated` is true
 * (only `GET /users` paginates), so the domain type is a union narrowed by `isPaginated`.
 *
 * @example
 * const Users = ListResponse(ServerUser)
 * // list.isPaginated ? list.pagination.nextCursor : null
 * @internal
 */
export const ListResponse = <S extends Schema.Top>(item: S) =>
  Schema.Union([
    wireStruct({ items: Schema.Array(item), isPaginated: Schema.Literal(false) }),
    wireStruct({ items: Schema.Array(item), isPaginated: Schema.Literal(true), pagination: Pagination })
  ])

/** The domain type of `ListResponse(item)` for an item type `A`. @internal */
export type ListResponse<A> =
  | { readonly items: ReadonlyArray<A>; readonly isPaginated: false }
  | { readonly items: ReadonlyArray<A>; readonly isPaginated: true; readonly pagination: Pagination }
