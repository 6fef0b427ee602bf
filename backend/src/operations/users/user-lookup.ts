/** A user of a project by id, for the routes that check a named user exists before they act on it. */
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { DbEffect } from "../../store/db.js"
import { findUserView } from "../../store/users/users.js"

/** The user, or `undefined` when the project has none with that id. */
export const findUser = (projectId: string, userId: string): DbEffect<ServerUser | undefined> =>
  findUserView(projectId, userId)
