/**
 * The names readers hold data under (the React queries use them), and what the always-loaded
 * `CurrentUser` changes. The tables of the other services are in write-keys.ts, which travels with their
 * lazily loaded code; together they are the one table of what every write changes.
 *
 * A key stands for every key it extends (see `coversKey`), so a write reaches exactly the caches that read
 * what it changed.
 */
import type { CurrentUserShape } from "../users/current-user.js"
import type { Changes } from "./data-changes.js"

export { dataKeys, none, session } from "../../contract/data-keys.js"
import { dataKeys, none, session } from "../../contract/data-keys.js"

export const currentUserChanges = {
  get: none,
  getWith: none,
  update: [dataKeys.user],
  delete: session,
  authJson: none,
  authHeaders: none
} satisfies Changes<CurrentUserShape>
