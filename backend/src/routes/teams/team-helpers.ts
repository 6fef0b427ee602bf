/**
 * What the team route files share (not a route group itself): the team id and the permission id of a path. Who a
 * path's user is and the client's act-only-for-yourself rule are the actor policy (../operations/acting-user.ts).
 */
import { LinkId } from "@stackfx/lib/contract/oauth-providers.js"
import { PermissionId } from "@stackfx/lib/domain/team-permission.js"
import { validate } from "../../http/request.js"

type Request = { readonly method: string; readonly originalUrl: string }

/** A permission id from the path, checked against the id pattern (SCHEMA_ERROR otherwise). */
export const permissionIdParam = (raw: string, request: Request) =>
  validate(PermissionId, "params.permission_id", raw, request)

/**
 * A team id from the path: a UUID, as the service's team routes declare it (`LinkId` is the contract's UUID), so
 * `/teams/me` is SCHEMA_ERROR there before any team is looked up.
 */
export const teamIdParam = (raw: string, request: Request) => validate(LinkId, "params.team_id", raw, request)
