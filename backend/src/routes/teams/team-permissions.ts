/**
 * Team permissions of members (`/team-permissions`). Listing is recursive only with `recursive=true` (a
 * granted permission then brings everything it contains, transitively), as the service's team-permissions
 * route decides; without the flag only direct grants are listed (the client always sends it). Clients list their own; server and
 * admin list anyone's and grant or revoke direct grants.
 */
import * as Effect from "effect/Effect"
import { TeamPermissionsApi } from "@stackfx/lib/contract/permissions.js"
import type { Auth } from "../../http/auth.js"
import { serve } from "../../http/serve.js"
import {
  grantTeamPermission,
  listTeamPermissions,
  revokeTeamPermission
} from "../../operations/permissions/team-permissions.js"
import { listedUserId, resolveUserId } from "../../operations/acting-user.js"

interface GrantContext {
  readonly auth: Auth
  readonly params: { readonly team_id: string; readonly user_id: string; readonly permission_id: string }
}

/** The grant the path names (its user resolved by the actor policy). */
const grantOf = ({ auth, params }: GrantContext) =>
  Effect.map(resolveUserId(auth, params.user_id), (userId) => ({
    projectId: auth.project.id,
    teamId: params.team_id,
    userId,
    permissionId: params.permission_id
  }))

export const routes = [
  serve(TeamPermissionsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const userId = yield* listedUserId(auth, query.user_id, "list permissions")
      const items = yield* listTeamPermissions({
        projectId: auth.project.id,
        teamId: query.team_id,
        userId,
        permissionId: query.permission_id,
        recursive: query.recursive === "true"
      })
      return { items, isPaginated: false as const }
    })
  ),
  serve(TeamPermissionsApi.grant, (context) => Effect.flatMap(grantOf(context), grantTeamPermission)),
  serve(TeamPermissionsApi.revoke, (context) =>
    Effect.as(Effect.flatMap(grantOf(context), revokeTeamPermission), { success: true as const })
  )
]
