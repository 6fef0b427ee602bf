import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TeamInvitations } from "../../src/services/generated/team-invitations.js"
import { TeamMembers } from "../../src/services/generated/team-members.js"
import { ServerTeamPermissions, TeamPermissions } from "../../src/services/generated/team-permissions.js"
import { ServerTeams, Teams } from "../../src/services/generated/teams.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer, serverLayer, teamProjectConfig } from "./teams-support.js"

const backend = useKitBackend()

const callbackUrl = "http://localhost:3000/handler/team-invitation"

/** Runs `effect` as if on a browser page at `href` (the default callback URL is resolved against it). */
const withPageAt =
  (href: string) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.acquireUseRelease(
      Effect.sync(() => {
        const previous = Object.getOwnPropertyDescriptor(globalThis, "location")
        Object.defineProperty(globalThis, "location", { value: { href }, configurable: true })
        return previous
      }),
      () => effect,
      (previous) =>
        Effect.sync(() => {
          if (previous === undefined) Reflect.deleteProperty(globalThis, "location")
          else Object.defineProperty(globalThis, "location", previous)
        })
    )

const setup = Effect.promise(async () => {
  const project = await backend.createProject({ config: teamProjectConfig })
  const owner = await backend.signUp(project)
  return { project, owner }
})

describe("team invitations", () => {
  it.live("invite by email, read the code from the mailbox, check, get details and accept", () =>
    Effect.gen(function* () {
      const { project, owner } = yield* setup
      const guestEmail = uniqueEmail("guest")
      const asOwner = clientLayer(backend, project, owner)

      const { team, invitationId, pending } = yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Rocket Club" }))
        const invitations = yield* TeamInvitations
        const invitationId = yield* invitations.send({ teamId: team.id, email: guestEmail, callbackUrl })
        return { team, invitationId, pending: yield* invitations.list(team.id) }
      }).pipe(Effect.provide(asOwner))
      assert.strictEqual(pending.length, 1)
      assert.strictEqual(pending[0]?.id, invitationId)
      assert.strictEqual(pending[0]?.recipientEmail, guestEmail)
      assert.strictEqual(pending[0]?.teamId, team.id)
      assert.isTrue((pending[0]?.expiresAt.getTime() ?? 0) > Date.now())

      const mail = yield* latestMailTo(backend, guestEmail)
      assert.include(mail.subject, "Rocket Club")
      const code = codeFromMail(mail, callbackUrl)

      const guest = yield* Effect.promise(() => backend.signUp(project, { email: guestEmail }))
      const asGuest = clientLayer(backend, project, guest)
      const accepted = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        yield* invitations.checkCode(code)
        const details = yield* invitations.details(code)
        yield* invitations.accept(code)
        const teams = yield* (yield* Teams).list
        const permissions = yield* (yield* TeamPermissions).list(team.id, { recursive: false })
        const usedAgain = yield* Effect.flip(invitations.accept(code))
        const checkedAgain = yield* Effect.flip(invitations.checkCode(code))
        return { details, teams, permissions, usedAgain, checkedAgain }
      }).pipe(Effect.provide(asGuest))
      assert.deepStrictEqual(accepted.details, { teamDisplayName: "Rocket Club" })
      assert.include(
        accepted.teams.map((t) => t.id),
        team.id
      )
      assert.deepStrictEqual(
        accepted.permissions.map((p) => p.id),
        ["team_member"]
      )
      assert.strictEqual(accepted.usedAgain._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual(accepted.checkedAgain._tag, "VerificationCodeAlreadyUsed")

      const after = yield* Effect.gen(function* () {
        return {
          pending: yield* TeamInvitations.use((i) => i.list(team.id)),
          members: yield* TeamMembers.use((m) => m.list(team.id))
        }
      }).pipe(Effect.provide(asOwner))
      assert.deepStrictEqual(after.pending, [])
      assert.sameMembers(
        after.members.map((m) => m.userId),
        [owner.userId, guest.userId]
      )
    })
  )

  it.live("codes fail with the verification-code errors and need a signed-in user to be used", () =>
    Effect.gen(function* () {
      const { project, owner } = yield* setup
      const email = uniqueEmail("guest")
      const team = yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Quiet" }))
        yield* TeamInvitations.use((i) => i.send({ teamId: team.id, email, callbackUrl }))
        return team
      }).pipe(Effect.provide(clientLayer(backend, project, owner)))
      const code = codeFromMail(yield* latestMailTo(backend, email), callbackUrl)

      const visitor = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        return {
          unknown: yield* Effect.flip(invitations.checkCode("not-a-real-code")),
          check: yield* invitations.checkCode(code),
          details: yield* Effect.flip(invitations.details(code)),
          accept: yield* Effect.flip(invitations.accept(code))
        }
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(visitor.unknown._tag, "VerificationCodeNotFound")
      assert.strictEqual(visitor.details._tag, "UserAuthenticationRequired")
      assert.strictEqual(visitor.accept._tag, "UserAuthenticationRequired")

      // Codes compare case-insensitively (the email shows the typed part upper-cased), and every use counts
      // as an attempt: after MAX_CODE_ATTEMPTS (20) the code is locked.
      assert.strictEqual(code.length, 45)
      const locked = yield* Effect.gen(function* () {
        const invitations = yield* TeamInvitations
        yield* invitations.checkCode(code.toUpperCase())
        for (let i = 0; i < 18; i++) yield* invitations.checkCode(code)
        return yield* Effect.flip(invitations.checkCode(code))
      }).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(locked._tag, "VerificationCodeMaxAttemptsReached")

      // Deleting the team takes its invitations, codes included.
      yield* Teams.use((t) => t.delete(team.id)).pipe(Effect.provide(clientLayer(backend, project, owner)))
      const orphan = yield* Effect.flip(TeamInvitations.use((i) => i.checkCode(code))).pipe(
        Effect.provide(clientLayer(backend, project))
      )
      assert.strictEqual(orphan._tag, "VerificationCodeNotFound")
    })
  )

  it.live("a member without $invite_members is refused with TEAM_PERMISSION_REQUIRED", () =>
    Effect.gen(function* () {
      const { project, owner } = yield* setup
      const member = yield* Effect.promise(() => backend.signUp(project))
      const outsider = yield* Effect.promise(() => backend.signUp(project))
      const team = yield* Effect.gen(function* () {
        const server = yield* ServerTeams
        const team = yield* server.create({ displayName: "Closed", creatorUserId: owner.userId })
        yield* server.addMember(team.id, member.userId)
        // The member default ("team_member") contains $invite_members; take it away.
        yield* (yield* ServerTeamPermissions).revoke(team.id, member.userId, "team_member")
        return team
      }).pipe(Effect.provide(serverLayer(backend, project)))

      const refused = yield* Effect.flip(
        TeamInvitations.use((i) => i.send({ teamId: team.id, email: uniqueEmail(), callbackUrl }))
      ).pipe(Effect.provide(clientLayer(backend, project, member)))
      assert.strictEqual(refused._tag, "TeamPermissionRequired")
      if (refused._tag === "TeamPermissionRequired") {
        assert.deepStrictEqual(refused.details, {
          team_id: team.id,
          user_id: member.userId,
          permission_id: "$invite_members"
        })
        assert.strictEqual(refused.status, 401)
      }
      const listRefused = yield* Effect.flip(TeamInvitations.use((i) => i.list(team.id))).pipe(
        Effect.provide(clientLayer(backend, project, member))
      )
      assert.strictEqual(listRefused._tag, "TeamPermissionRequired")

      const notMember = yield* Effect.flip(
        TeamInvitations.use((i) => i.send({ teamId: team.id, email: uniqueEmail(), callbackUrl }))
      ).pipe(Effect.provide(clientLayer(backend, project, outsider)))
      assert.strictEqual(notMember._tag, "TeamMembershipNotFound")

      const visitor = yield* Effect.flip(
        TeamInvitations.use((i) => i.send({ teamId: team.id, email: uniqueEmail(), callbackUrl }))
      ).pipe(Effect.provide(clientLayer(backend, project)))
      assert.strictEqual(visitor._tag, "UserAuthenticationRequired")
    })
  )

  it.live("without a callback URL the link opens the handler's invitation page of the current page's origin", () =>
    Effect.gen(function* () {
      const { project, owner } = yield* setup
      const defaulted = uniqueEmail("defaulted")
      const relative = uniqueEmail("relative")
      yield* Effect.gen(function* () {
        const team = yield* Teams.use((t) => t.create({ displayName: "Defaults" }))
        yield* TeamInvitations.use((i) => i.send({ teamId: team.id, email: defaulted }))
        yield* TeamInvitations.use((i) => i.send({ teamId: team.id, email: relative, callbackUrl: "/join" }))
      }).pipe(Effect.provide(clientLayer(backend, project, owner)), withPageAt("http://localhost:3000/teams?tab=1"))
      assert.isNotEmpty(codeFromMail(yield* latestMailTo(backend, defaulted), callbackUrl))
      assert.isNotEmpty(codeFromMail(yield* latestMailTo(backend, relative), "http://localhost:3000/join"))
      const noPage = yield* Effect.flip(
        Effect.gen(function* () {
          const team = yield* Teams.use((t) => t.create({ displayName: "No page" }))
          return yield* TeamInvitations.use((i) => i.send({ teamId: team.id, email: uniqueEmail() }))
        }).pipe(Effect.provide(clientLayer(backend, project, owner)))
      )
      assert.strictEqual(noPage._tag, "CallbackUrlRequired", "no page to resolve the default against")
    })
  )

  it.live("untrusted callback URLs are refused; the server invites to any team and revokes", () =>
    Effect.gen(function* () {
      const { project, owner } = yield* setup
      const email = uniqueEmail("guest")
      const result = yield* Effect.gen(function* () {
        const team = yield* (yield* ServerTeams).create({ displayName: "Served", creatorUserId: owner.userId })
        const invitations = yield* TeamInvitations
        const untrusted = yield* Effect.flip(
          invitations.send({ teamId: team.id, email, callbackUrl: "https://evil.example/handler/team-invitation" })
        )
        const noTeam = yield* Effect.flip(
          invitations.send({ teamId: "00000000-0000-4000-8000-000000000000", email, callbackUrl })
        )
        const id = yield* invitations.send({ teamId: team.id, email, callbackUrl })
        yield* invitations.revoke(team.id, id)
        const revokedTwice = yield* Effect.flip(invitations.revoke(team.id, id))
        return { untrusted, noTeam, pending: yield* invitations.list(team.id), revokedTwice }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.strictEqual(result.untrusted._tag, "RedirectUrlNotWhitelisted")
      assert.strictEqual(result.noTeam._tag, "TeamNotFound")
      assert.deepStrictEqual(result.pending, [])
      assert.strictEqual(result.revokedTwice._tag, "VerificationCodeNotFound")

      const code = codeFromMail(yield* latestMailTo(backend, email), callbackUrl)
      const guest = yield* Effect.promise(() => backend.signUp(project, { email }))
      const revoked = yield* Effect.flip(TeamInvitations.use((i) => i.accept(code))).pipe(
        Effect.provide(clientLayer(backend, project, guest))
      )
      assert.strictEqual(revoked._tag, "VerificationCodeNotFound")

      const badEmail = yield* Effect.promise(() =>
        backend.call(project, "POST", "/team-invitations/send-code", {
          accessType: "server",
          body: { email: "no-at-sign", team_id: "x", callback_url: callbackUrl }
        })
      )
      assert.strictEqual(badEmail.body.code, "SCHEMA_ERROR")
      assert.include(badEmail.body.details.message, "body.email")
    })
  )
})
