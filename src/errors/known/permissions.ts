import * as Schema from "effect/Schema"
import { PermissionScope } from "./fields.js"
import { knownError } from "./factory.js"

const permission = { permission_id: Schema.String }
const teamPermission = { team_id: Schema.String, user_id: Schema.String, permission_id: Schema.String }

/** The `PERMISSION_ID_ALREADY_EXISTS` known error (400). */
export class PermissionIdAlreadyExists extends knownError<PermissionIdAlreadyExists>()(
  "PERMISSION_ID_ALREADY_EXISTS",
  400,
  (d) => `Permission with ID ${JSON.stringify(d.permission_id)} already exists. Choose a different ID.`,
  permission
) {}
/** The `PERMISSION_NOT_FOUND` known error (404). */
export class PermissionNotFound extends knownError<PermissionNotFound>()(
  "PERMISSION_NOT_FOUND",
  404,
  (d) => `Permission ${JSON.stringify(d.permission_id)} not found. Make sure you created it on the dashboard.`,
  permission
) {}
/** The `WRONG_PERMISSION_SCOPE` known error (404). */
export class WrongPermissionScope extends knownError<WrongPermissionScope>()(
  "WRONG_PERMISSION_SCOPE",
  404,
  (d) =>
    `Permission ${JSON.stringify(d.permission_id)} not found. (It was found for a different scope ` +
    `${JSON.stringify(d.actual_scope)}, but scope ${JSON.stringify(d.expected_scope)} was expected.)`,
  { permission_id: Schema.String, expected_scope: PermissionScope, actual_scope: Schema.NullOr(PermissionScope) }
) {}
/** The `CONTAINED_PERMISSION_NOT_FOUND` known error (400). */
export class ContainedPermissionNotFound extends knownError<ContainedPermissionNotFound>()(
  "CONTAINED_PERMISSION_NOT_FOUND",
  400,
  (d) =>
    `Contained permission with ID ${JSON.stringify(d.permission_id)} not found. Make sure you created it on the dashboard.`,
  permission
) {}
/** The `PROJECT_PERMISSION_REQUIRED` known error (401). */
export class ProjectPermissionRequired extends knownError<ProjectPermissionRequired>()(
  "PROJECT_PERMISSION_REQUIRED",
  401,
  (d) => `User ${d.user_id} does not have permission ${d.permission_id}.`,
  { user_id: Schema.String, permission_id: Schema.String }
) {}
/** The `TEAM_PERMISSION_REQUIRED` known error (401). */
export class TeamPermissionRequired extends knownError<TeamPermissionRequired>()(
  "TEAM_PERMISSION_REQUIRED",
  401,
  (d) => `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.`,
  teamPermission
) {}
/** The `TEAM_PERMISSION_NOT_FOUND` known error (401). */
export class TeamPermissionNotFound extends knownError<TeamPermissionNotFound>()(
  "TEAM_PERMISSION_NOT_FOUND",
  401,
  (d) => `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.`,
  teamPermission
) {}
