/**
 * API keys of users (`/user-api-keys`) and teams (`/team-api-keys`), as the hosted service has them. Any
 * access type creates, lists, reads and updates (renames, revokes): a client its own user's keys and those
 * of teams where it holds `$manage_api_keys`, a server anyone's; `check` (server and admin) answers the key a
 * caller presented, or why it does not work. A key's full value is answered once, by the create; the
 * answers leave out a `null` expiry or revocation time, as the service does (the `Hosted*` schemas).
 *
 * Two refusals are plain text, not known errors: a project with the kind switched off (400 "User API keys
 * are not enabled for this project.") and a client naming another user's keys (403); the client services
 * turn them into `ApiKeysDisabled` and `ApiKeyAccessDenied`.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import {
  HostedTeamApiKey,
  HostedTeamApiKeyCreated,
  HostedUserApiKey,
  HostedUserApiKeyCreated,
  UserTeamApiKeyCheck,
  UserTeamApiKeyUpdate,
  TeamApiKeyCreate,
  UserApiKeyCreate
} from "../domain/user-team-api-key.js"
import { ApiKeyId } from "../domain/ids.js"
import { ALL, SERVER } from "./access.js"
import { dataKeys } from "./data-keys.js"
import { endpoint } from "./declaration.js"

const { userApiKeys, teamApiKeys } = dataKeys

/** The user list names its user (`me` for a client); the reads accept the same key. */
const UserQuery = Schema.Struct({ user_id: Schema.optionalKey(Schema.String) })
/** The service's team routes take the team in the query of every call, not only of the list. */
const TeamQuery = Schema.Struct({ team_id: Schema.String })

/** A key by id: unknown, of the other kind, or one the caller may not manage (a client must be signed in). */
const byId = {
  client: ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"],
  server: ["ApiKeyNotFound", "SchemaError"]
} as const
/** What a key check answers for a key that does not work. */
const check = ["ApiKeyNotFound", "WrongApiKeyType", "ApiKeyRevoked", "ApiKeyExpired", "SchemaError"] as const

export const UserApiKeysApi = {
  create: endpoint({
    name: "userApiKeys.create",
    summary: "A new key of a user (`me` for a client); the answer is the only time its value is shown",
    method: "POST",
    path: "/user-api-keys",
    access: ALL,
    body: UserApiKeyCreate,
    success: HostedUserApiKeyCreated,
    errors: {
      client: ["UserAuthenticationRequired", "CannotGetOwnUserWithoutUser", "SchemaError"],
      server: ["UserNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"]
    },
    changes: [userApiKeys]
  }),
  list: endpoint({
    name: "userApiKeys.list",
    summary: "A user's keys (`user_id`, `me` for a client), newest first, revoked and expired ones included",
    method: "GET",
    path: "/user-api-keys",
    access: ALL,
    query: UserQuery,
    success: ListResponse(HostedUserApiKey),
    errors: {
      client: ["UserAuthenticationRequired", "CannotGetOwnUserWithoutUser"],
      server: ["UserNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"]
    }
  }),
  get: endpoint({
    name: "userApiKeys.get",
    summary: "One user key (last four characters of its value)",
    method: "GET",
    path: "/user-api-keys/{api_key_id}",
    params: { api_key_id: ApiKeyId },
    access: ALL,
    query: UserQuery,
    success: HostedUserApiKey,
    errors: byId
  }),
  update: endpoint({
    name: "userApiKeys.update",
    summary: "Renames or revokes a user key (`{ revoked: true }`, for good; a second revoke keeps the first time)",
    method: "PATCH",
    path: "/user-api-keys/{api_key_id}",
    params: { api_key_id: ApiKeyId },
    access: ALL,
    query: UserQuery,
    body: UserTeamApiKeyUpdate,
    success: HostedUserApiKey,
    errors: byId,
    changes: [userApiKeys]
  }),
  check: endpoint({
    name: "userApiKeys.check",
    summary: "The user key a caller presented, if it works (unknown, then the other kind, revoked, expired)",
    method: "POST",
    path: "/user-api-keys/check",
    access: SERVER,
    body: UserTeamApiKeyCheck,
    success: HostedUserApiKey,
    errors: check
  })
}

export const TeamApiKeysApi = {
  create: endpoint({
    name: "teamApiKeys.create",
    summary: "A new key of a team (a client needs `$manage_api_keys`); the answer is the only time its value is shown",
    method: "POST",
    path: "/team-api-keys",
    access: ALL,
    body: TeamApiKeyCreate,
    success: HostedTeamApiKeyCreated,
    // A team a client may not manage keys of (no permission, not a member, no such team) is API_KEY_NOT_FOUND.
    errors: {
      client: ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"],
      server: ["TeamNotFound", "SchemaError"]
    },
    changes: ({ body }) => [teamApiKeys((body as typeof TeamApiKeyCreate.Type).teamId)]
  }),
  list: endpoint({
    name: "teamApiKeys.list",
    summary: "A team's keys (`team_id`), newest first",
    method: "GET",
    path: "/team-api-keys",
    access: ALL,
    query: TeamQuery,
    success: ListResponse(HostedTeamApiKey),
    errors: {
      client: ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"],
      server: ["TeamNotFound", "SchemaError"]
    }
  }),
  get: endpoint({
    name: "teamApiKeys.get",
    summary: "One team key (last four characters of its value)",
    method: "GET",
    path: "/team-api-keys/{api_key_id}",
    params: { api_key_id: ApiKeyId },
    access: ALL,
    query: TeamQuery,
    success: HostedTeamApiKey,
    errors: byId
  }),
  update: endpoint({
    name: "teamApiKeys.update",
    summary: "Renames or revokes a team key (`{ revoked: true }`, for good)",
    method: "PATCH",
    path: "/team-api-keys/{api_key_id}",
    params: { api_key_id: ApiKeyId },
    access: ALL,
    query: TeamQuery,
    body: UserTeamApiKeyUpdate,
    success: HostedTeamApiKey,
    errors: byId,
    // The team is in the query, which a declaration's changes do not see: the members name it (the table below).
    changes: [teamApiKeys()]
  }),
  check: endpoint({
    name: "teamApiKeys.check",
    summary: "The team key a caller presented, if it works (unknown, then the other kind, revoked, expired)",
    method: "POST",
    path: "/team-api-keys/check",
    access: SERVER,
    body: UserTeamApiKeyCheck,
    success: HostedTeamApiKey,
    errors: check
  })
}
