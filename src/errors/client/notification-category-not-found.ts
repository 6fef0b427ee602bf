import * as Data from "effect/Data"

/**
 * No notification category has this id. The API answers it with a plain 404 (or, for an id that is not a
 * UUID, a schema error), not a known error, so the client names it.
 */
export class NotificationCategoryNotFound extends Data.TaggedError("NotificationCategoryNotFound")<{
  readonly categoryId: string
  readonly message: string
}> {}
