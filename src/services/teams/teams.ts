/**
 * Teams. `Teams` (every tier with a signed-in user) works on the user's own teams: list, read, create
 * (the user becomes the creator), update and delete (with `$update_team` / `$delete_team`), leave.
 * `ServerTeams` (server and admin) works on any team and membership, and sets server metadata.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type {
  ClientTeam,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamUpdate,
  TeamCreate,
  TeamUpdate
} from "../../domain/team.js"
import type { TeamMembership } from "../../domain/team-membership.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ServerTeamsErrors, TeamsErrors } from "./teams-errors.js"

/** A new team from the client tier; the signed-in user is always its creator. */
export type NewTeam = Omit<TeamCreate, "creatorUserId">

type Fails<Method extends keyof typeof TeamsErrors> = FailureOf<typeof TeamsErrors, Method>
type ServerFails<Method extends keyof typeof ServerTeamsErrors> = FailureOf<typeof ServerTeamsErrors, Method>

/** What the Teams service offers; see its tag for the rules. */
export interface TeamsShape {
  /** The signed-in user's teams, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ClientTeam>, Fails<"list">>
  /** A team the signed-in user belongs to. */
  readonly get: (
    teamId: string
  ) => Effect.Effect<ClientTeam, Fails<"get">>
  /**
   * `create({ displayName: "Acme" })`: a new team with the signed-in user as creator (holding the project's
   * creator permissions). Refused (HTTP 403) when the project disables client team creation.
   */
  readonly create: (team: NewTeam) => Effect.Effect<ClientTeam, InvalidInput | Fails<"create">>
  /** Needs `$update_team` in that team. */
  readonly update: (
    teamId: string,
    patch: TeamUpdate
  ) => Effect.Effect<ClientTeam, InvalidInput | Fails<"update">>
  /** Needs `$delete_team`; memberships, permissions and invitations go with the team. */
  readonly delete: (
    teamId: string
  ) => Effect.Effect<void, Fails<"delete">>
  /** The signed-in user leaves the team. */
  readonly leave: (teamId: string) => Effect.Effect<void, Fails<"leave">>
}

/** The signed-in user's teams: list, create, update, delete and leave. */
export class Teams extends /* @__PURE__ */ Context.Service<Teams, TeamsShape>()("stackfx/Teams") {
  static readonly layer: Layer.Layer<Teams, never, Transport> = /* @__PURE__ */ lazyLayer(
    Teams,
    { list: "effect", get: "function", create: "function", update: "function", delete: "function", leave: "function" },
    () => import("../live.js").then((m) => m.makeTeams)
  )
}

/** What the ServerTeams service offers; see its tag for the rules. */
export interface ServerTeamsShape {
  /** Every team of the project, or those of one user (`"me"` or an id), oldest first. */
  readonly list: (
    filter?: { readonly userId?: string | undefined }
  ) => Effect.Effect<ReadonlyArray<ServerTeam>, ServerFails<"list">>
  readonly get: (teamId: string) => Effect.Effect<ServerTeam, ServerFails<"get">>
  /** `create({ displayName, creatorUserId })`: with a creator, that user joins with the creator permissions. */
  readonly create: (
    team: ServerTeamCreate
  ) => Effect.Effect<ServerTeam, InvalidInput | ServerFails<"create">>
  readonly update: (teamId: string, patch: ServerTeamUpdate) => Effect.Effect<ServerTeam, InvalidInput | ServerFails<"update">>
  readonly delete: (teamId: string) => Effect.Effect<void, ServerFails<"delete">>
  /** Adds a user with the project's member permissions; a second membership is refused. */
  readonly addMember: (
    teamId: string,
    userId: string
  ) => Effect.Effect<TeamMembership, ServerFails<"addMember">>
  /** Removes a member; their permissions in the team go with the membership. */
  readonly removeMember: (
    teamId: string,
    userId: string
  ) => Effect.Effect<void, ServerFails<"removeMember">>
}

/** Teams on the server: create, read, update, delete and list any team, and add or remove its members. */
export class ServerTeams extends /* @__PURE__ */ Context.Service<ServerTeams, ServerTeamsShape>()("stackfx/ServerTeams") {
  static readonly layer: Layer.Layer<ServerTeams, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerTeams,
    {
      list: "function",
      get: "function",
      create: "function",
      update: "function",
      delete: "function",
      addMember: "function",
      removeMember: "function"
    },
    () => import("../live.js").then((m) => m.makeServerTeams)
  )
}
