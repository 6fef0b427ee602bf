import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { QueryKey } from "../../src/react/cache.js"
import {
  contactChannelsQuery,
  permissionsQuery,
  projectQuery,
  teamInvitationsQuery,
  teamMembersQuery,
  teamsQuery,
  userQuery
} from "../../src/react/queries.js"
import { Auth } from "../../src/services/generated/auth.js"
import { ContactChannels } from "../../src/services/generated/contact-channels.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { coversKey, DataChanges, type DataKey } from "../../src/services/changes/data-changes.js"
import { TeamInvitations } from "../../src/services/generated/team-invitations.js"
import { TeamMembers } from "../../src/services/generated/team-members.js"
import { Teams } from "../../src/services/generated/teams.js"
import { clientCore } from "../support/clients.js"
import { useKitBackend } from "../support/local-backend.js"
import { teamProjectConfig } from "./teams-support.js"

const backend = useKitBackend()

const asKey = (key: QueryKey): DataKey => (typeof key === "string" ? [key] : key)

/** Runs `write` and answers the keys the tier's services announced meanwhile. */
const announcedBy = <A, E, R>(write: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const changes = yield* DataChanges
    const keys: Array<DataKey> = []
    const unlisten = changes.listen((announced) => Effect.sync(() => void keys.push(...announced)))
    yield* Effect.ensuring(write, Effect.sync(unlisten))
    return keys
  })

/** Which of the React adapter's queries the announced keys reach. */
const reached = (announced: ReadonlyArray<DataKey>, queries: Record<string, QueryKey>) =>
  Object.entries(queries).flatMap(([name, key]) => (announced.some((k) => coversKey(k, asKey(key))) ? [name] : []))

describe("the client tier's writes announce what they changed", () => {
  it.live(
    "each write reaches the queries reading what it changed, and no other; reads and failures announce nothing",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject({ config: teamProjectConfig }))
        const user = yield* Effect.promise(() => backend.signUp(project))
        const layer = Layer.mergeAll(
          CurrentUser.layer,
          Auth.layer,
          ContactChannels.layer,
          Teams.layer,
          TeamInvitations.layer,
          TeamMembers.layer
        ).pipe(Layer.provideMerge(clientCore(backend, project, user)))

        yield* Effect.gen(function* () {
          const team = yield* Teams.use((t) => t.create({ displayName: "Acme" }))
          const other = yield* Teams.use((t) => t.create({ displayName: "Other" }))
          const queries = {
            user: userQuery.key,
            project: projectQuery.key,
            contactChannels: contactChannelsQuery.key,
            teams: teamsQuery.key,
            members: teamMembersQuery(team.id).key,
            invitations: teamInvitationsQuery(team.id).key,
            permissions: permissionsQuery(team.id).key,
            directPermissions: permissionsQuery(team.id, { recursive: false }).key,
            otherMembers: teamMembersQuery(other.id).key,
            otherInvitations: teamInvitationsQuery(other.id).key,
            otherPermissions: permissionsQuery(other.id).key
          }
          const check = <A, E, R>(write: Effect.Effect<A, E, R>, expected: ReadonlyArray<string>, what: string) =>
            Effect.map(announcedBy(write), (announced) =>
              assert.sameMembers(reached(announced, queries), [...expected], what)
            )

          yield* check(
            CurrentUser.use((u) => u.update({ displayName: "Ann" })),
            ["user"],
            "CurrentUser.update"
          )
          yield* check(
            CurrentUser.use((u) => u.get),
            [],
            "a read"
          )
          yield* check(
            ContactChannels.use((c) => c.create({ value: `second-${project.id}@example.com`, usedForAuth: false })),
            ["contactChannels", "user"],
            "ContactChannels.create"
          )
          yield* check(
            Teams.use((t) => t.create({ displayName: "Third" })),
            ["teams", "user"],
            "Teams.create"
          )
          yield* check(
            Teams.use((t) => t.update(team.id, { displayName: "Acme 2" })),
            ["teams"],
            "Teams.update"
          )
          const send = TeamInvitations.use((i) =>
            i.send({
              teamId: team.id,
              email: `guest-${project.id}@example.com`,
              callbackUrl: "http://localhost:3000/handler/team-invitation"
            })
          )
          yield* check(send, ["invitations"], "TeamInvitations.send")
          const invitationId = (yield* TeamInvitations.use((i) => i.list(team.id)))[0]?.id ?? ""
          yield* check(
            TeamInvitations.use((i) => i.revoke(team.id, invitationId)),
            ["invitations"],
            "TeamInvitations.revoke"
          )
          yield* check(
            TeamMembers.use((m) => m.updateMine(team.id, { displayName: "Ann at Acme" })),
            ["members"],
            "TeamMembers.updateMine"
          )
          yield* check(
            Effect.ignore(Teams.use((t) => t.update("00000000-0000-4000-8000-000000000000", { displayName: "x" }))),
            [],
            "a refused write"
          )
          yield* check(
            Teams.use((t) => t.leave(team.id)),
            ["teams", "user", "members", "invitations", "permissions", "directPermissions"],
            "Teams.leave"
          )
          yield* check(
            Auth.use((a) => a.signOut),
            Object.keys(queries),
            "Auth.signOut"
          )
        }).pipe(Effect.provide(layer))
      })
  )
})
