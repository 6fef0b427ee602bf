/**
 * Shared by the team integration tests: client, server and admin Layers of the team services aimed at the
 * file's local backend. Mail is read back with ../support/mailbox.ts.
 */
import * as Layer from "effect/Layer"
import { PermissionDefinitions } from "../../src/services/generated/permission-definitions.js"
import { TeamInvitations } from "../../src/services/generated/team-invitations.js"
import { ServerTeamMembers, TeamMembers } from "../../src/services/generated/team-members.js"
import { ServerTeamPermissions, TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { ServerTeams, Teams } from "../../src/services/generated/teams.js"
import { adminCore, clientCore, serverCore } from "../support/clients.js"
import type { LocalBackendHandle, TestProject, TestUser } from "../support/local-backend.js"

/** The client-tier team services, signed in as `user` (a visitor without one). */
export const clientLayer = (backend: LocalBackendHandle, project: TestProject, user?: TestUser) =>
  Layer.mergeAll(Teams.layer, TeamInvitations.layer, TeamMembers.layer, TeamPermissions.layer).pipe(
    Layer.provideMerge(clientCore(backend, project, user))
  )

/** Every team service of the server tier (optionally with a signed-in user for `"me"`). */
export const serverLayer = (backend: LocalBackendHandle, project: TestProject, user?: TestUser) =>
  Layer.mergeAll(
    Teams.layer,
    ServerTeams.layer,
    TeamInvitations.layer,
    ServerTeamMembers.layer,
    ServerTeamPermissions.layer
  ).pipe(Layer.provideMerge(serverCore(backend, project, user)))

/** Permission definitions with the project's super-secret admin key. */
export const adminLayer = (backend: LocalBackendHandle, project: TestProject) =>
  PermissionDefinitions.layer.pipe(Layer.provideMerge(adminCore(backend, project)))

/** A project that lets clients create teams (new projects start with it off). */
export const teamProjectConfig = { client_team_creation_enabled: true }
