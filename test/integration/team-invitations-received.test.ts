/**
 * The invitations a user received, through the client: `TeamInvitations.listReceived` lists the pending
 * invitations sent to the user's verified addresses and `acceptById` joins the team without a code.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TeamInvitations } from "../../src/services/generated/team-invitations.js"
import { TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { Teams } from "../../src/services/generated/teams.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { clientLayer, serverLayer, teamProjectConfig } from "./teams-support.js"

const backend = useKitBackend()

const callbackUrl = "http://localhost:3000/handler/team-invitation"

const setup = Effect.promise(async () => {
  const project = await backend.createProject({ config: teamProjectConfig })
  const owner = await backend.signUp(project)
  const guest = await backend.signUp(project)
  return { project, owner, guest }
})

const verify = (project: TestProject, userId: string) =>
  Effect.promise(async () =>
    expectStatus(
      await backend.call(project, "PATCH", `/users/${userId}`, {
        accessType: "server",
        body: { primary_email_verified: true }
      }),
      200
    )
  )

describe("received team invitations", () => {
  it.live("a user lists the invitations to their verified address and accepts one by id", () =>
    Effect.gen(function* () {
      const { project, owner, guest } = yield* setup
      const { team, invitationId } = yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Rocket Club" }))
        const invitations = yield* TeamInvitations
        const invitationId = yield* invitations.send({ teamId: team.id, email: guest.email, callbackUrl })
        yield* invitations.send({ teamId: team.id, email: uniqueEmail("someone-else"), callbackUrl })
        return { team, invitationId }
      }).pipe(Effect.provide(clientLayer(backend, project, owner)))

      const asGuest = clientLayer(backend, project, guest)
      const beforeVerifying = yield* TeamInvitations.use((i) => i.listReceived()).pipe(Effect.provide(asGuest))
      assert.deepStrictEqual(beforeVerifying, [], "an unverified address receives nothing")

      yield* verify(project, guest.userId)
      const result = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        const received = yield* invitations.listReceived()
        yield* invitations.acceptById(invitationId)
        const teams = yield* (yield* Teams).list
        const permissions = yield* (yield* TeamPermissions).list(team.id, { recursive: false })
        const again = yield* Effect.flip(invitations.acceptById(invitationId))
        const after = yield* invitations.listReceived()
        return { received, teams, permissions, again, after }
      }).pipe(Effect.provide(asGuest))
      assert.strictEqual(result.received.length, 1)
      assert.strictEqual(result.received[0]?.id, invitationId)
      assert.strictEqual(result.received[0]?.teamId, team.id)
      assert.strictEqual(result.received[0]?.teamDisplayName, "Rocket Club")
      assert.strictEqual(result.received[0]?.recipientEmail, guest.email)
      assert.isTrue((result.received[0]?.expiresAt.getTime() ?? 0) > Date.now())
      assert.include(
        result.teams.map((t) => t.id),
        team.id
      )
      assert.deepStrictEqual(
        result.permissions.map((p) => p.id),
        ["team_member"]
      )
      assert.strictEqual(result.again._tag, "VerificationCodeNotFound")
      assert.deepStrictEqual(result.after, [])
    })
  )

  it.live("typed refusals: another user, no user, an invitation sent elsewhere", () =>
    Effect.gen(function* () {
      const { project, owner, guest } = yield* setup
      yield* verify(project, guest.userId)
      const elsewhere = yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Closed" }))
        return yield* TeamInvitations.use((i) =>
          i.send({ teamId: team.id, email: uniqueEmail("elsewhere"), callbackUrl })
        )
      }).pipe(Effect.provide(clientLayer(backend, project, owner)))

      const refusals = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        return {
          otherUser: yield* Effect.flip(invitations.listReceived(owner.userId)),
          otherAccept: yield* Effect.flip(invitations.acceptById(elsewhere, owner.userId)),
          sentElsewhere: yield* Effect.flip(invitations.acceptById(elsewhere))
        }
      }).pipe(Effect.provide(clientLayer(backend, project, guest)))
      assert.strictEqual(refusals.otherUser._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual(refusals.otherAccept._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual(refusals.sentElsewhere._tag, "VerificationCodeNotFound")

      const visitor = yield* Effect.flip(TeamInvitations.use((i) => i.listReceived())).pipe(
        Effect.provide(clientLayer(backend, project))
      )
      assert.strictEqual(visitor._tag, "CannotGetOwnUserWithoutUser")
    })
  )

  it.live("the server lists and accepts for any user", () =>
    Effect.gen(function* () {
      const { project, owner, guest } = yield* setup
      yield* verify(project, guest.userId)
      const { team, invitationId } = yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Served" }))
        const invitationId = yield* TeamInvitations.use((i) =>
          i.send({ teamId: team.id, email: guest.email, callbackUrl })
        )
        return { team, invitationId }
      }).pipe(Effect.provide(clientLayer(backend, project, owner)))
      const served = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        const received = yield* invitations.listReceived(guest.userId)
        yield* invitations.acceptById(invitationId, guest.userId)
        return { received }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.deepStrictEqual(
        served.received.map((i) => i.id),
        [invitationId]
      )
      const teams = yield* Teams.use((t) => t.list).pipe(Effect.provide(clientLayer(backend, project, guest)))
      assert.include(
        teams.map((t) => t.id),
        team.id
      )
    })
  )
})
