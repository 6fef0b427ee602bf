/**
 * Member profiles: a member's name and picture inside one team (falling back to the user's own).
 * `TeamMembers` (every tier with a signed-in user) lists a team the user belongs to (others' profiles need
 * `$read_members`) and reads or edits the user's own profile. `ServerTeamMembers` (server and admin)
 * lists and edits any profile, each with its full user.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type {
  ServerTeamMemberProfile,
  TeamMemberProfile,
  TeamMemberProfileUpdate
} from "../../domain/team-member-profile.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamMembersErrors, TeamMembersErrors } from "./team-members-errors.js"

type Fails<Method extends keyof typeof TeamMembersErrors> = FailureOf<typeof TeamMembersErrors, Method>
type ServerFails<Method extends keyof typeof ServerTeamMembersErrors> = FailureOf<typeof ServerTeamMembersErrors, Method>

/** What the TeamMembers service offers; see its tag for the rules. */
export interface TeamMembersShape {
  /** Every member's profile in a team of the signed-in user (needs `$read_members`). */
  readonly list: (teamId: string) => Effect.Effect<ReadonlyArray<TeamMemberProfile>, Fails<"list">>
  /** One member's profile; someone else's needs `$read_members`. */
  readonly get: (teamId: string, userId: string) => Effect.Effect<TeamMemberProfile, Fails<"get">>
  /** The signed-in user's profile in a team. */
  readonly getMine: (teamId: string) => Effect.Effect<TeamMemberProfile, Fails<"getMine">>
  /** `updateMine(teamId, { displayName: "Ann (Acme)" })`: edits the signed-in user's profile in a team. */
  readonly updateMine: (
    teamId: string,
    patch: TeamMemberProfileUpdate
  ) => Effect.Effect<TeamMemberProfile, InvalidInput | Fails<"updateMine">>
}

/** Members of the signed-in user's teams: list them and read or update the user's own team profile. */
export class TeamMembers extends /* @__PURE__ */ Context.Service<TeamMembers, TeamMembersShape>()("stackfx/TeamMembers") {
  static readonly layer: Layer.Layer<TeamMembers, never, Transport> = /* @__PURE__ */ lazyLayer(
    TeamMembers,
    { list: "function", get: "function", getMine: "function", updateMine: "function" },
    () => import("../live.js").then((m) => m.makeTeamMembers)
  )
}

/** What the ServerTeamMembers service offers; see its tag for the rules. */
export interface ServerTeamMembersShape {
  /** Profiles narrowed by team and/or user (`"me"` or an id), oldest membership first. */
  readonly list: (
    filter: { readonly teamId?: string | undefined; readonly userId?: string | undefined }
  ) => Effect.Effect<ReadonlyArray<ServerTeamMemberProfile>, ServerFails<"list">>
  readonly get: (
    teamId: string,
    userId: string
  ) => Effect.Effect<ServerTeamMemberProfile, ServerFails<"get">>
  readonly update: (
    teamId: string,
    userId: string,
    patch: TeamMemberProfileUpdate
  ) => Effect.Effect<ServerTeamMemberProfile, InvalidInput | ServerFails<"update">>
}

/** Team members on the server: list them, read and update any member's team profile. */
export class ServerTeamMembers extends /* @__PURE__ */ Context.Service<ServerTeamMembers, ServerTeamMembersShape>()("stackfx/ServerTeamMembers") {
  static readonly layer: Layer.Layer<ServerTeamMembers, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeamMembers,
    { list: "function", get: "function", update: "function" },
    () => import("../live.js").then((m) => m.makeServerTeamMembers)
  )
}
