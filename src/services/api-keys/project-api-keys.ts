/**
 * API keys of users and teams, as the hosted service has them (`/user-api-keys`, `/team-api-keys`). A key
 * belongs to one user or one team; its full value is in the create's answer only, afterwards its last four
 * characters. The project must allow the kind (`allowUserApiKeys`, `allowTeamApiKeys` in its config), else
 * every call fails with `ApiKeysDisabled`.
 *
 * - `UserApiKeys` (every tier with a signed-in user): the user's own keys.
 * - `TeamApiKeys` (same): the keys of a team where the user holds `$manage_api_keys` (a team admin does);
 *   any other team answers `ApiKeyNotFound`, as the service hides whether the team exists.
 * - `ServerApiKeys` (server and admin): check a key an app's caller presented and get its user or team,
 *   and manage the keys of any user or team.
 *
 * Every key comes back with its `validity` (revoked first, then expired, as the service decides), worked out
 * against the Effect `Clock` when it was read.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ServerApiKeysMembers, TeamApiKeysMembers, UserApiKeysMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ServerApiKeysCalls, TeamApiKeysCalls, UserApiKeysCalls } from "./project-api-keys-calls.js"

export type { WithValidity } from "./project-api-keys-calls.js"

/** What the UserApiKeys service offers; see its tag for the rules. Its members are declared in project-api-keys-calls.ts. */
export type UserApiKeysShape = ShapeOf<typeof UserApiKeysCalls>

/** The signed-in user's API keys: create (shown once), list, read, rename and revoke. */
export class UserApiKeys
  extends /* @__PURE__ */ Context.Service<UserApiKeys, UserApiKeysShape>()("stackfx/UserApiKeys")
{
  static readonly layer: Layer.Layer<UserApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    UserApiKeys,
    UserApiKeysMembers,
    () => import("../live.js").then((m) => m.makeUserApiKeys)
  )
}

/** What the TeamApiKeys service offers; see its tag for the rules. Its members are declared in project-api-keys-calls.ts. */
export type TeamApiKeysShape = ShapeOf<typeof TeamApiKeysCalls>

/** API keys of the signed-in user's teams, for members holding `$manage_api_keys`. */
export class TeamApiKeys
  extends /* @__PURE__ */ Context.Service<TeamApiKeys, TeamApiKeysShape>()("stackfx/TeamApiKeys")
{
  static readonly layer: Layer.Layer<TeamApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamApiKeys,
    TeamApiKeysMembers,
    () => import("../live.js").then((m) => m.makeTeamApiKeys)
  )
}

/** What the ServerApiKeys service offers; see its tag for the rules. Its members are declared in project-api-keys-calls.ts. */
export type ServerApiKeysShape = ShapeOf<typeof ServerApiKeysCalls>

/** API keys on the server: check a presented key and find its user or team; manage anyone's keys. */
export class ServerApiKeys
  extends /* @__PURE__ */ Context.Service<ServerApiKeys, ServerApiKeysShape>()("stackfx/ServerApiKeys")
{
  static readonly layer: Layer.Layer<ServerApiKeys, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerApiKeys,
    ServerApiKeysMembers,
    () => import("../live.js").then((m) => m.makeServerApiKeys)
  )
}
