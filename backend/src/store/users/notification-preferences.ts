/** Repository of `notification_preferences`: a user's choice per notification category. */
import * as Effect from "effect/Effect"
import { Db, type DbEffect } from "../db.js"

/** The user's choices by category id; a category without a row has its default. */
export const userNotificationChoices = (projectId: string, userId: string): DbEffect<ReadonlyMap<string, boolean>> =>
  Effect.map(
    Db.query("select category_id, enabled from notification_preferences where project_id = $1 and user_id = $2", [
      projectId,
      userId
    ]),
    (found) => {
      const choices = new Map<string, boolean>()
      for (const row of found) {
        if (typeof row["category_id"] === "string" && typeof row["enabled"] === "boolean")
          choices.set(row["category_id"], row["enabled"])
      }
      return choices
    }
  )

export const setNotificationChoice = (choice: {
  readonly projectId: string
  readonly userId: string
  readonly categoryId: string
  readonly enabled: boolean
  readonly at: Date
}): DbEffect<void> =>
  Db.run(
    `insert into notification_preferences (project_id, user_id, category_id, enabled, updated_at) values ($1, $2, $3, $4, $5)
     on conflict (project_id, user_id, category_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [choice.projectId, choice.userId, choice.categoryId, choice.enabled, choice.at]
  )
