/**
 * Every page of a paged member as one Stream (`ServerUsers.listAll` over `list`), for a table's `allPages`
 * member (the table below). Built where the service's tag is, over the lazily loaded member: the lazily loaded
 * chunk then carries no Stream code, which a bundler would otherwise share with the session's Stream on a
 * page's first load.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"

/** A member answering one page: its items and the cursor of the next (`null` on the last). */
type PagedMember<O, A, E> = (
  options: O & { readonly limit: number; readonly cursor: string | undefined }
) => Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly nextCursor: string | null }, E>

/** `allPagesOf(users.list, 100)`: the options' `limit` is the page size, `pageSize` when absent. */
export const allPagesOf =
  <O extends { readonly limit?: number | undefined }, A, E>(page: PagedMember<O, A, E>, pageSize: number) =>
  (options: O = {} as O): Stream.Stream<A, E> =>
    Stream.paginate(undefined as string | undefined, (cursor) =>
      Effect.map(
        page({ ...options, limit: options.limit ?? pageSize, cursor }),
        (result) => [result.items, Option.fromNullishOr(result.nextCursor)] as const
      )
    )
