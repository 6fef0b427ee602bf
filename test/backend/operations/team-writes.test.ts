/**
 * A client's write to a team checks its permission inside the write (issue 40): `PATCH /teams/{id}` runs at most
 * three statements for the user authentication already loaded (the guarded update, the event's message and its
 * deliveries), and a grant revoked after the request was authenticated, before its write, is honoured. The
 * statements are counted where the backend runs SQL: a `Db` wrapping the real one, on both drivers.
 */
import { assert, layer } from "@effect/vitest"
import { afterAll } from "vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DEMO_PROJECT_KEYS } from "@stackfx/lib/domain/local-keys.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { Actor } from "../../../backend/src/operations/acting-user.js"
import {
  memberPermissionGuard,
  revokeTeamPermission
} from "../../../backend/src/operations/permissions/team-permissions.js"
import {
  listInvitations,
  revokeInvitation,
  sendInvitation
} from "../../../backend/src/operations/teams/team-invitations.js"
import { removableMember } from "../../../backend/src/operations/teams/team-actors.js"
import {
  addMember,
  createTeam,
  deleteTeam,
  removeMember,
  updateTeam
} from "../../../backend/src/operations/teams/teams.js"
import { createUser } from "../../../backend/src/operations/users/create-user.js"
import { createTeamApiKey, MANAGE_API_KEYS } from "../../../backend/src/operations/projects/user-team-api-keys.js"
import { findUserTeamApiKey, updateUserTeamApiKey } from "../../../backend/src/store/projects/user-team-api-keys.js"
import { Db, type DbShape } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import { findProject } from "../../../backend/src/store/projects/projects.js"
import { requireTestPostgres, type TestPostgres } from "../../support/postgres.js"

/** What the wrapping `Db` saw and what it runs before the next transaction begins. */
interface Seam {
  statements: Array<string>
  beforeNextTransaction: Effect.Effect<void, unknown, Db> | undefined
}

const seam: Seam = { statements: [], beforeNextTransaction: undefined }

/**
 * The in-memory database behind a `Db` that records every statement and, once armed, runs an effect of its own
 * on the real database just before the next transaction begins: what another request committing in between does.
 */
const countingDb = (option: () => string) =>
  Layer.effect(
    Db,
    Effect.map(
      Effect.suspend(() => openDb(option())),
      (db): DbShape => ({
        ...db,
        query: (sql, params) => {
          seam.statements.push(sql)
          return db.query(sql, params)
        },
        exec: (sql) => {
          seam.statements.push(sql)
          return db.exec(sql)
        },
        transaction: (effect) =>
          Effect.suspend(() => {
            const before = seam.beforeNextTransaction
            seam.beforeNextTransaction = undefined
            return before === undefined
              ? db.transaction(effect)
              : Effect.andThen(Effect.orDie(Effect.provideService(before, Db, db)), db.transaction(effect))
          })
      })
    )
  )

/**
 * A client signed in as a new user who created a new team of the seeded demo project, and so holds its
 * `team_admin` (the product's: every `$` permission), and another member of that team.
 */
const teamAdmin = Effect.gen(function* () {
  const project = yield* Effect.flatMap(findProject(DEMO_PROJECT_KEYS.projectId), Effect.fromNullishOr)
  const user: ServerUser = yield* createUser(project, { displayName: "Ada" })
  const team = yield* createTeam(project, { displayName: "Engines", creatorUserId: user.id })
  const actor: Actor = { accessType: "client", project: { id: project.id }, user }
  const member: ServerUser = yield* createUser(project, { displayName: "Grace" })
  yield* addMember(project, team.id, member.id)
  return { actor, team, user, member }
})

/** The statements `effect` runs, and its outcome. */
const counted = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    seam.statements = []
    const outcome = yield* Effect.result(effect)
    return { outcome, statements: [...seam.statements] }
  })

const postgres: TestPostgres = requireTestPostgres()
afterAll(() => postgres.stop())

const suite = (name: string, option: () => string) =>
  layer(countingDb(option), { timeout: "60 seconds" })(`a client's writes to a team, on ${name}`, (it) => {
    it.effect("PATCH /teams/{id} runs three statements: the guarded update, the event's message and deliveries", () =>
      Effect.gen(function* () {
        const { actor, team } = yield* teamAdmin
        const { outcome, statements } = yield* counted(updateTeam(actor, team.id, { displayName: "Pistons" }))
        assert.strictEqual(outcome._tag, "Success")
        if (outcome._tag === "Success") assert.strictEqual(outcome.success.displayName, "Pistons")
        assert.isAtMost(statements.length, 3, statements.join("\n---\n"))
        // Exactly three: the write, the event's message and its deliveries (none missing, e.g. the event).
        assert.lengthOf(statements, 3, statements.join("\n---\n"))
        assert.match(statements[0] ?? "", /^update teams\b/)
      })
    )

    it.effect("DELETE /teams/{id} runs three statements too", () =>
      Effect.gen(function* () {
        const { actor, team } = yield* teamAdmin
        const { outcome, statements } = yield* counted(deleteTeam(actor, team.id))
        assert.strictEqual(outcome._tag, "Success", JSON.stringify(outcome))
        assert.isAtMost(statements.length, 3, statements.join("\n---\n"))
        // Exactly three: the write, the event's message and its deliveries (none missing, e.g. the event).
        assert.lengthOf(statements, 3, statements.join("\n---\n"))
      })
    )

    it.effect("removing another member runs three statements too", () =>
      Effect.gen(function* () {
        const { actor, team, member } = yield* teamAdmin
        const removal = yield* removableMember(actor, member.id)
        const { outcome, statements } = yield* counted(removeMember(actor.project.id, team.id, removal))
        assert.strictEqual(outcome._tag, "Success")
        assert.isAtMost(statements.length, 3, statements.join("\n---\n"))
        // Exactly three: the write, the event's message and its deliveries (none missing, e.g. the event).
        assert.lengthOf(statements, 3, statements.join("\n---\n"))
      })
    )

    it.effect("a grant revoked after authentication, before the write, refuses the write", () =>
      Effect.gen(function* () {
        const writes: ReadonlyArray<
          (actor: Actor, teamId: string, memberId: string) => Effect.Effect<unknown, { readonly _tag: string }, Db>
        > = [
          (actor: Actor, teamId: string) => updateTeam(actor, teamId, { displayName: "Pistons" }),
          (actor: Actor, teamId: string) => deleteTeam(actor, teamId),
          (actor: Actor, teamId: string, memberId: string) =>
            Effect.flatMap(removableMember(actor, memberId), (removal) =>
              removeMember(actor.project.id, teamId, removal)
            )
        ]
        for (const write of writes) {
          const { actor, team, user, member } = yield* teamAdmin
          seam.beforeNextTransaction = revokeTeamPermission({
            projectId: actor.project.id,
            teamId: team.id,
            userId: user.id,
            permissionId: "team_admin"
          })
          const refused = yield* Effect.flip(write(actor, team.id, member.id))
          assert.isUndefined(seam.beforeNextTransaction, "the revocation ran")
          assert.strictEqual(refused._tag, "TeamPermissionRequired")
        }
      })
    )

    it.effect(
      "an invitation is sent and revoked only while the member holds the permission, checked by the write",
      () =>
        Effect.gen(function* () {
          const { actor, team, user } = yield* teamAdmin
          const project = yield* Effect.flatMap(findProject(actor.project.id), Effect.fromNullishOr)
          const input = {
            teamId: team.id,
            email: "invited@example.test",
            callbackUrl: "http://localhost:3000/handler/team-invitation"
          }
          const sent = yield* sendInvitation(project, input, memberPermissionGuard(user.id, "$invite_members"))
          const [pending] = yield* listInvitations(project.id, team.id)
          assert.strictEqual(pending?.id, sent)
          // The grant goes after the route's check, before the writes: neither is made.
          yield* revokeTeamPermission({
            projectId: project.id,
            teamId: team.id,
            userId: user.id,
            permissionId: "team_admin"
          })
          const refusedSend = yield* Effect.flip(
            sendInvitation(project, input, memberPermissionGuard(user.id, "$invite_members"))
          )
          assert.strictEqual(refusedSend._tag, "TeamPermissionRequired")
          const refusedRevoke = yield* Effect.flip(revokeInvitation(project.id, team.id, sent, user.id))
          assert.strictEqual(refusedRevoke._tag, "TeamPermissionRequired")
          assert.deepStrictEqual(
            (yield* listInvitations(project.id, team.id)).map((invitation) => invitation.id),
            [sent]
          )
          // A server (no guard) revokes it; a second revoke finds none.
          yield* revokeInvitation(project.id, team.id, sent, undefined)
          assert.strictEqual(
            (yield* Effect.flip(revokeInvitation(project.id, team.id, sent, undefined)))._tag,
            "VerificationCodeNotFound"
          )
        })
    )

    it.effect(
      "a team's API key is made and changed only while the member holds $manage_api_keys, checked by the write",
      () =>
        Effect.gen(function* () {
          const { actor, team, user } = yield* teamAdmin
          const guard = memberPermissionGuard(user.id, MANAGE_API_KEYS)
          const input = { description: "CI", expiresAt: null }
          const made = yield* createTeamApiKey(actor.project.id, team.id, input, guard)
          assert.isDefined(yield* updateUserTeamApiKey(actor.project.id, made.id, { description: "Deploys" }, guard))
          yield* revokeTeamPermission({
            projectId: actor.project.id,
            teamId: team.id,
            userId: user.id,
            permissionId: "team_admin"
          })
          assert.strictEqual(
            (yield* Effect.flip(createTeamApiKey(actor.project.id, team.id, input, guard)))._tag,
            "ApiKeyNotFound"
          )
          assert.isUndefined(yield* updateUserTeamApiKey(actor.project.id, made.id, { description: "Nope" }, guard))
          assert.strictEqual((yield* findUserTeamApiKey(actor.project.id, made.id))?.description, "Deploys")
        })
    )

    it.effect("a refused write names the service's error: no membership, no permission, no team", () =>
      Effect.gen(function* () {
        const { actor, team } = yield* teamAdmin
        const stranger = yield* teamAdmin
        const notMember = yield* Effect.flip(updateTeam(stranger.actor, team.id, { displayName: "x" }))
        assert.strictEqual(notMember._tag, "TeamMembershipNotFound")
        const server: Actor = { ...actor, accessType: "server" }
        const missing = yield* Effect.flip(updateTeam(server, "00000000-0000-4000-8000-000000000000", {}))
        assert.strictEqual(missing._tag, "TeamNotFound")
        const clientMissing = yield* Effect.flip(deleteTeam(actor, "00000000-0000-4000-8000-000000000000"))
        assert.strictEqual(clientMissing._tag, "TeamMembershipNotFound")
      })
    )
  })

suite("PGlite", () => "memory")
suite("PostgreSQL", () => postgres.newDatabase())
