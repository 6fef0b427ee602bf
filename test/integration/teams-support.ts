/**
 * Shared by the team integration tests: client, server and admin Layers of the team services aimed at the
 * file's local backend, and reading an emailed code back through the Inbucket API.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { coreLayer } from "../../src/layers/core.js"
import { PermissionDefinitions } from "../../src/services/permission-definitions.js"
import { TeamInvitations } from "../../src/services/team-invitations.js"
import { ServerTeamMembers, TeamMembers } from "../../src/services/team-members.js"
import { ServerTeamPermissions, TeamPermissions } from "../../src/services/team-permissions.js"
import { ServerTeams, Teams } from "../../src/services/teams.js"
import { noTokens, TokenStore } from "../../src/services/token-store.js"
import type { EmulatorHandle, TestProject, TestUser } from "../support/emulator.js"

const tokensOf = (user: TestUser | undefined) =>
  TokenStore.memory(user === undefined ? noTokens : { accessToken: user.accessToken, refreshToken: user.refreshToken })

/** The client-tier team services, signed in as `user` (a visitor without one). */
export const clientLayer = (backend: EmulatorHandle, project: TestProject, user?: TestUser) =>
  Layer.mergeAll(Teams.layer, TeamInvitations.layer, TeamMembers.layer, TeamPermissions.layer).pipe(
    Layer.provideMerge(
      coreLayer(
        {
          projectId: project.id,
          accessType: "client",
          publishableClientKey: project.publishableClientKey,
          baseUrl: backend.emulator().url
        },
        tokensOf(user)
      )
    )
  )

/** Every team service of the server tier (optionally with a signed-in user for `"me"`). */
export const serverLayer = (backend: EmulatorHandle, project: TestProject, user?: TestUser) =>
  Layer.mergeAll(
    Teams.layer,
    ServerTeams.layer,
    TeamInvitations.layer,
    ServerTeamMembers.layer,
    ServerTeamPermissions.layer
  ).pipe(
    Layer.provideMerge(
      coreLayer(
        {
          projectId: project.id,
          accessType: "server",
          publishableClientKey: project.publishableClientKey,
          secretServerKey: project.secretServerKey,
          baseUrl: backend.emulator().url
        },
        tokensOf(user)
      )
    )
  )

/** Permission definitions with the project's super-secret admin key. */
export const adminLayer = (backend: EmulatorHandle, project: TestProject) =>
  PermissionDefinitions.layer.pipe(
    Layer.provideMerge(
      coreLayer({
        projectId: project.id,
        accessType: "admin",
        superSecretAdminKey: project.superSecretAdminKey,
        baseUrl: backend.emulator().url
      })
    )
  )

interface InbucketItem {
  readonly id: string
  readonly subject: string
}

/** The newest message to `address`, through the Inbucket-compatible API of the local backend. */
export const latestMail = (backend: EmulatorHandle, address: string) =>
  Effect.promise(async () => {
    const base = `${backend.emulator().url}/mailbox/api/v1/mailbox/${encodeURIComponent(address)}`
    const list = (await (await fetch(base)).json()) as ReadonlyArray<InbucketItem>
    const newest = list.at(-1)
    if (newest === undefined) throw new Error(`no mail to ${address}`)
    const message = (await (await fetch(`${base}/${encodeURIComponent(newest.id)}`)).json()) as {
      readonly subject: string
      readonly body: { readonly text: string; readonly html: string }
    }
    return { count: list.length, subject: message.subject, text: message.body.text, html: message.body.html }
  })

/** The `code` of the first link in a message that starts with `callbackUrl`. */
export const codeFromMail = (text: string, callbackUrl: string): string => {
  const link = text.split(/\s+/).find((word) => word.startsWith(callbackUrl))
  if (link === undefined) throw new Error(`no link to ${callbackUrl} in:\n${text}`)
  const code = new URL(link.replace(/[).,>]+$/, "")).searchParams.get("code")
  if (code === null || code === "") throw new Error(`no code in ${link}`)
  return code
}

/** A project that lets clients create teams (new projects start with it off). */
export const teamProjectConfig = { client_team_creation_enabled: true }
