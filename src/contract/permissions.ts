/**
 * Permissions: those members hold in a team (`/team-permissions`), those users hold in the project
 * (`/project-permissions`), and the definitions of both scopes (`/team-permission-definitions`,
 * `/project-permission-definitions`, admin only). A client lists its own grants; server and admin list
 * anyone's and grant or revoke direct grants. A team listing is recursive unless `recursive=false`, a
 * project listing only with `recursive=true` (as on the hosted service).
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../domain/permission-definition.js"
import { ProjectPermission } from "../domain/project-permission.js"
import { SuccessResponse } from "../domain/success.js"
import { PermissionId, TeamPermission } from "../domain/team-permission.js"
import { TeamId, UserIdOrMe } from "../domain/ids.js"
import { InvalidAdminAccessTokenTags } from "../errors/categories.js"
import { ADMIN, ALL, SERVER } from "./access.js"
import { type DataKey, dataKeys } from "./data-keys.js"
import { type Codec, type EndpointSpec, endpoint } from "./declaration.js"
import {
  NoCrudQuery,
  ProjectPermissionsCrudQuery,
  TeamPermissionDefinitionsCrudQuery,
  TeamPermissionsCrudQuery
} from "./crud-query.js"

const { projectPermissions, teamPermissions } = dataKeys

/** A listing's query, as it travels: absent keys are not sent. */
const recursive = Schema.optional(Schema.Literals(["true", "false"]))
const optionalString = Schema.optional(Schema.String)

/** A grant of one team changed: that team's permission lists. */
const teamGrant = ({ params }: { readonly params: Readonly<Record<string, string>> }) => [
  teamPermissions(params["team_id"])
]

export const TeamPermissionsApi = {
  list: endpoint({
    name: "teamPermissions.list",
    summary: "Team permissions narrowed by team, user and permission; a client lists its own",
    method: "GET",
    path: "/team-permissions",
    access: ALL,
    query: Schema.Struct({
      team_id: optionalString,
      user_id: optionalString,
      permission_id: optionalString,
      recursive
    }),
    success: ListResponse(TeamPermission),
    errors: ["CannotGetOwnUserWithoutUser"]
  }),
  grant: endpoint({
    name: "teamPermissions.grant",
    summary: "Grants a team permission directly to a member (again is a no-op)",
    method: "POST",
    path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe, permission_id: PermissionId },
    access: SERVER,
    query: TeamPermissionsCrudQuery,
    success: TeamPermission,
    status: 201,
    errors: [
      "TeamMembershipNotFound",
      "UserNotFound",
      "PermissionNotFound",
      "WrongPermissionScope",
      "SchemaError",
      "CannotGetOwnUserWithoutUser"
    ],
    changes: teamGrant
  }),
  revoke: endpoint({
    name: "teamPermissions.revoke",
    summary: "Revokes a direct grant; one held only through another is TEAM_PERMISSION_NOT_FOUND",
    method: "DELETE",
    path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
    params: { team_id: TeamId, user_id: UserIdOrMe, permission_id: PermissionId },
    access: SERVER,
    query: TeamPermissionsCrudQuery,
    success: SuccessResponse,
    errors: [
      "TeamMembershipNotFound",
      "UserNotFound",
      "TeamPermissionNotFound",
      "SchemaError",
      "CannotGetOwnUserWithoutUser"
    ],
    changes: teamGrant
  })
}

export const ProjectPermissionsApi = {
  list: endpoint({
    name: "projectPermissions.list",
    summary: "Project permissions narrowed by user and permission; a client lists its own",
    method: "GET",
    path: "/project-permissions",
    access: ALL,
    query: Schema.Struct({ user_id: optionalString, permission_id: optionalString, recursive }),
    success: ListResponse(ProjectPermission),
    errors: { client: ["CannotGetOwnUserWithoutUser"], server: ["CannotGetOwnUserWithoutUser", "SchemaError"] }
  }),
  grant: endpoint({
    name: "projectPermissions.grant",
    summary: "Grants a project permission directly (again is a no-op)",
    method: "POST",
    path: "/project-permissions/{user_id}/{permission_id}",
    params: { user_id: UserIdOrMe, permission_id: PermissionId },
    access: SERVER,
    query: ProjectPermissionsCrudQuery,
    success: ProjectPermission,
    status: 201,
    errors: [
      "UserNotFound",
      "PermissionNotFound",
      "WrongPermissionScope",
      "SchemaError",
      "CannotGetOwnUserWithoutUser"
    ],
    changes: [projectPermissions]
  }),
  revoke: endpoint({
    name: "projectPermissions.revoke",
    summary: "Revokes a direct grant; one held only through another is PERMISSION_NOT_FOUND",
    method: "DELETE",
    path: "/project-permissions/{user_id}/{permission_id}",
    params: { user_id: UserIdOrMe, permission_id: PermissionId },
    access: SERVER,
    query: ProjectPermissionsCrudQuery,
    success: SuccessResponse,
    // Revoking a grant the user does not hold directly is PERMISSION_NOT_FOUND on the service.
    errors: ["UserNotFound", "PermissionNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"],
    changes: [projectPermissions]
  })
}

/**
 * `endpoint` for the factory below, whose paths are known only once `base` is: the check of `params` against the
 * path's parameters cannot be made inside it (test/contract/contract.test.ts checks every declaration's).
 */
const generic = endpoint as <const D extends EndpointSpec>(declaration: D) => D

/** The four calls of a definitions path; `changes`: the permission lists a definition's contents decide. */
const definitions = <const Base extends string, const Scope extends string, Q extends Codec>(
  scope: Scope,
  base: Base,
  changes: ReadonlyArray<DataKey>,
  /** The list's query: team definitions page and search since May 2026, project ones take none. */
  listQuery: Q
) => ({
  list: endpoint({
    name: `${scope}.list`,
    summary: "The definitions of the scope, sorted by id (team ones a page at a time when asked, filtered by search)",
    method: "GET",
    path: `/${base}`,
    access: ADMIN,
    query: listQuery,
    success: ListResponse(PermissionDefinition),
    errors: InvalidAdminAccessTokenTags
  }),
  create: endpoint({
    name: `${scope}.create`,
    summary: "A new definition; contained permissions must exist",
    method: "POST",
    path: `/${base}`,
    access: ADMIN,
    query: NoCrudQuery,
    body: PermissionDefinitionCreate,
    success: PermissionDefinition,
    status: 201,
    errors: [...InvalidAdminAccessTokenTags, "PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError"],
    changes
  }),
  update: generic({
    name: `${scope}.update`,
    summary: "Updates a definition; a new id carries over to grants, other definitions and the defaults",
    method: "PATCH",
    path: `/${base}/{permission_id}`,
    params: { permission_id: PermissionId },
    access: ADMIN,
    query: NoCrudQuery,
    body: PermissionDefinitionUpdate,
    success: PermissionDefinition,
    errors: [
      ...InvalidAdminAccessTokenTags,
      "PermissionNotFound",
      "PermissionIdAlreadyExists",
      "ContainedPermissionNotFound",
      "SchemaError"
    ],
    changes
  }),
  delete: generic({
    name: `${scope}.delete`,
    summary: "Deletes a definition and every grant of it",
    method: "DELETE",
    path: `/${base}/{permission_id}`,
    params: { permission_id: PermissionId },
    access: ADMIN,
    query: NoCrudQuery,
    success: SuccessResponse,
    errors: [...InvalidAdminAccessTokenTags, "PermissionNotFound"],
    changes
  })
})

/** Team permission definitions: the built-in `$` ones and the project's own. */
export const TeamPermissionDefinitionsApi = definitions(
  "teamPermissionDefinitions",
  "team-permission-definitions",
  [teamPermissions()],
  TeamPermissionDefinitionsCrudQuery
)

/** Project permission definitions: no built-in ones; ids are unique across both scopes. */
export const ProjectPermissionDefinitionsApi = definitions(
  "projectPermissionDefinitions",
  "project-permission-definitions",
  [projectPermissions],
  NoCrudQuery
)
