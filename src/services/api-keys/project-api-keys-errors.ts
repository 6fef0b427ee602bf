/**
 * The known errors each member of `UserApiKeys`, `TeamApiKeys` and `ServerApiKeys` documents (see
 * `ErrorTable` in endpoint.ts). The plain-text refusals (kind switched off, another user's keys) are the
 * client errors `ApiKeysDisabled` and `ApiKeyAccessDenied`, added by the shapes.
 */
import type { ErrorTable } from "../http/endpoint.js"

/** A signed-in user is needed; "me" without one is CANNOT_GET_OWN_USER_WITHOUT_USER. */
const signedIn = ["UserAuthenticationRequired", "CannotGetOwnUserWithoutUser"] as const
/** A key by id: unknown, of the other kind, or (for a team) one the caller may not manage. */
const byId = ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"] as const
/** What a key check answers for a key that does not work. */
const check = ["ApiKeyNotFound", "WrongApiKeyType", "ApiKeyRevoked", "ApiKeyExpired", "SchemaError"] as const

export const UserApiKeysErrors = {
  create: [...signedIn, "SchemaError"],
  list: signedIn,
  get: byId,
  update: byId,
  revoke: byId
} as const satisfies ErrorTable

/** A team the caller may not manage keys of (no `$manage_api_keys`, not a member, no such team) is API_KEY_NOT_FOUND. */
export const TeamApiKeysErrors = {
  create: ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"],
  list: ["ApiKeyNotFound", "UserAuthenticationRequired", "SchemaError"],
  get: byId,
  update: byId,
  revoke: byId
} as const satisfies ErrorTable

export const ServerApiKeysErrors = {
  checkUserKey: check,
  checkTeamKey: check,
  userOfKey: [...check, "UserNotFound"],
  teamOfKey: [...check, "TeamNotFound"],
  createUserKey: ["UserNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"],
  listUserKeys: ["UserNotFound", "SchemaError", "CannotGetOwnUserWithoutUser"],
  getUserKey: ["ApiKeyNotFound", "SchemaError"],
  updateUserKey: ["ApiKeyNotFound", "SchemaError"],
  revokeUserKey: ["ApiKeyNotFound", "SchemaError"],
  createTeamKey: ["TeamNotFound", "SchemaError"],
  listTeamKeys: ["TeamNotFound", "SchemaError"],
  getTeamKey: ["ApiKeyNotFound", "SchemaError"],
  updateTeamKey: ["ApiKeyNotFound", "SchemaError"],
  revokeTeamKey: ["ApiKeyNotFound", "SchemaError"]
} as const satisfies ErrorTable
