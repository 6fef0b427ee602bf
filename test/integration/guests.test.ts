/**
 * Guests and restricted users over HTTP, the client against the local backend: a guest (anonymous user)
 * who signs up with a password, a magic link or a provider keeps their account (same id, metadata, teams);
 * a user restricted for an unverified e-mail verifies it and is a full user from their next token on; an
 * administrator restricts and unrestricts users.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { clientTier } from "../../src/layers/client.js"
import { allowingAnonymousUsers } from "../../src/services/wire/transport-request.js"
import { unverifiedClaims } from "../../src/services/session/session-freshness.js"
import { Teams } from "../../src/services/generated/teams.js"
import { Auth } from "../../src/services/generated/auth.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { serverTierOn } from "../support/clients.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { authorizeUrl, Browser, exchangeCode, pkcePair, runDevFlow } from "./support/oauth-browser.js"

const backend = useKitBackend()

const MAGIC_LINK = "http://localhost:3000/handler/magic-link-callback"
const VERIFY = "http://localhost:3000/handler/email-verification"
const OAUTH_REDIRECT = "http://localhost:3000/handler/oauth-callback"

const client = (project: TestProject) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: "memory"
  })

const server = (project: TestProject) => serverTierOn(backend, project)

const newProject = (config: Record<string, unknown> = {}) =>
  Effect.promise(() =>
    backend.createProject({
      config: { create_team_on_sign_up: true, client_team_creation_enabled: true, magic_link_enabled: true, ...config }
    })
  )

/** A guest with client metadata and a team of their own: what a sign-up must keep. */
const guestWithData = Effect.gen(function* () {
  const guest = yield* (yield* Auth).signUpAnonymously
  const me = yield* CurrentUser
  yield* me.update({ clientMetadata: { cart: ["book"] } }).pipe(allowingAnonymousUsers)
  const team = yield* (yield* Teams).create({ displayName: "Guest team" }).pipe(allowingAnonymousUsers)
  return { id: guest.userId, teamId: team.id }
})

/** The signed-in user is the former guest, with their data, and a full user now. */
const assertKept = (guest: { readonly id: string; readonly teamId: string }, email: string) =>
  Effect.gen(function* () {
    const user = yield* (yield* CurrentUser).get
    assert.strictEqual(user?.id, guest.id, "the same user")
    assert.isFalse(user?.isAnonymous)
    assert.isFalse(user?.isRestricted)
    assert.strictEqual(user?.primaryEmail, email)
    assert.deepStrictEqual(user?.clientMetadata, { cart: ["book"] })
    const teams = (yield* (yield* Teams).list).map((team) => team.displayName).sort()
    // The guest's personal team is renamed as a new user's would be; their own team stays.
    assert.deepStrictEqual(teams, [`${email}'s Team`, "Guest team"].sort())
    assert.isTrue(teams.length === 2 && (yield* (yield* Teams).list).some((team) => team.id === guest.teamId))
  })

describe("a guest who signs up keeps their account", () => {
  it.live("with a password: same id, metadata and teams; users lists show them only once upgraded", () =>
    Effect.gen(function* () {
      const project = yield* newProject()
      const email = uniqueEmail("guest")
      const guest = yield* Effect.gen(function* () {
        const guest = yield* guestWithData
        const signedUp = yield* (yield* Auth).signUpWithCredential({ email, password: "correct horse battery" })
        assert.strictEqual(signedUp.userId, guest.id)
        yield* assertKept(guest, email)
        return guest
      }).pipe(Effect.provide(client(project)))

      const listed = yield* ServerUsers.use((users) => users.list()).pipe(Effect.provide(server(project)))
      assert.deepStrictEqual(
        listed.items.map((u) => u.id),
        [guest.id]
      )
      const fetched = yield* ServerUsers.use((users) => users.get(guest.id)).pipe(Effect.provide(server(project)))
      assert.isFalse(fetched.isAnonymous)
    })
  )

  it.live("a guest left alone stays out of users lists unless asked", () =>
    Effect.gen(function* () {
      const project = yield* newProject()
      const guest = yield* Auth.use((auth) => auth.signUpAnonymously).pipe(Effect.provide(client(project)))
      yield* Effect.gen(function* () {
        const users = yield* ServerUsers
        assert.deepStrictEqual((yield* users.list()).items, [])
        assert.deepStrictEqual(
          (yield* users.list({ includeAnonymous: true })).items.map((u) => u.id),
          [guest.userId]
        )
      }).pipe(Effect.provide(server(project)))
    })
  )

  it.live("with a magic link: the code redeemed by the guest's session upgrades the guest", () =>
    Effect.gen(function* () {
      const project = yield* newProject()
      const email = uniqueEmail("guest-otp")
      yield* Effect.gen(function* () {
        const guest = yield* guestWithData
        const auth = yield* Auth
        yield* auth.sendMagicLinkEmail(email, { callbackUrl: MAGIC_LINK })
        const code = codeFromMail(yield* latestMailTo(backend, email), MAGIC_LINK)
        const signedIn = yield* auth.signInWithMagicLink(code)
        assert.deepStrictEqual(signedIn, { userId: guest.id, isNewUser: true })
        yield* assertKept(guest, email)
      }).pipe(Effect.provide(client(project)))
    })
  )

  it.live(
    "with a provider: the authorize request carries the guest's token (?token=), the new account is the guest",
    () =>
      Effect.gen(function* () {
        const project = yield* newProject({ oauth_providers: [{ id: "github", type: "shared" }] })
        const email = uniqueEmail("guest-oauth")
        const { guest, token } = yield* Effect.gen(function* () {
          const guest = yield* guestWithData
          const token = (yield* (yield* CurrentUser).authJson).accessToken
          return { guest, token }
        }).pipe(Effect.provide(client(project)))
        assert.isString(token)
        const signedIn = yield* Effect.promise(async () => {
          const pkce = pkcePair()
          const url = authorizeUrl(backend.localBackend(), project, {
            provider: "github",
            redirectUri: OAUTH_REDIRECT,
            state: "s",
            challenge: pkce.challenge,
            token: token ?? ""
          })
          const landed = new URL(await runDevFlow(new Browser(), url, { email, name: "Gus" }))
          return exchangeCode(backend.localBackend(), project, {
            code: landed.searchParams.get("code") ?? "",
            verifier: pkce.verifier,
            redirectUri: OAUTH_REDIRECT
          })
        })
        assert.strictEqual(signedIn.body.is_new_user, true)
        const me = yield* Effect.promise(() =>
          backend.call(project, "GET", "/users/me", { accessToken: signedIn.body.access_token })
        )
        assert.strictEqual(me.body.id, guest.id)
        assert.strictEqual(me.body.is_anonymous, false)
        assert.strictEqual(me.body.display_name, "Gus", "the provider's name fills the guest's empty one")
        assert.deepStrictEqual(me.body.client_metadata, { cart: ["book"] })
      })
  )

  it.live("an e-mail someone else already signs in with leaves the guest a guest", () =>
    Effect.gen(function* () {
      const project = yield* newProject()
      const taken = yield* Effect.promise(() => backend.signUp(project))
      yield* Effect.gen(function* () {
        const guest = yield* guestWithData
        const refused = yield* Effect.flip(
          (yield* Auth).signUpWithCredential({ email: taken.email, password: "correct horse battery" })
        )
        assert.strictEqual(refused._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
        const still = yield* (yield* CurrentUser).getWith({ includeAnonymous: true })
        assert.strictEqual(still?.id, guest.id)
        assert.isTrue(still?.isAnonymous)
      }).pipe(Effect.provide(client(project)))
    })
  )
})

describe("a user restricted for an unverified e-mail", () => {
  it.live("asks for the code, verifies, and is a full user from the next token on", () =>
    Effect.gen(function* () {
      const project = yield* newProject({ require_email_verification: true })
      const email = uniqueEmail("unverified")
      yield* Effect.gen(function* () {
        const auth = yield* Auth
        const me = yield* CurrentUser
        yield* auth.signUpWithCredential({ email, password: "correct horse battery" })
        assert.isNull(yield* me.get, "not a full user yet")
        const restricted = yield* me.getWith({ includeRestricted: true })
        assert.isTrue(restricted?.isRestricted)
        assert.deepStrictEqual(restricted?.restrictedReason, { type: "email_not_verified" })

        yield* auth.sendVerificationEmail({ callbackUrl: VERIFY })
        yield* auth.verifyEmail(codeFromMail(yield* latestMailTo(backend, email), VERIFY))

        const full = yield* me.get
        assert.strictEqual(full?.id, restricted?.id)
        assert.isFalse(full?.isRestricted)
        assert.isTrue(full?.primaryEmailVerified)
        const claims = unverifiedClaims((yield* me.authJson).accessToken ?? "")
        assert.strictEqual(claims?.["is_restricted"], false, "the session's token is a normal one")
        assert.strictEqual(claims?.["aud"], project.id)
      }).pipe(Effect.provide(client(project)))
    })
  )
})

describe("administrators restrict and unrestrict users", () => {
  it.live("restrict with a reason and private details, unrestrict clears both; an unknown id is UserNotFound", () =>
    Effect.gen(function* () {
      const project = yield* newProject()
      const signedUp = yield* Effect.promise(() => backend.signUp(project))
      yield* Effect.gen(function* () {
        const users = yield* ServerUsers
        const restricted = yield* users.restrict(signedUp.userId, {
          reason: "Unpaid invoice",
          privateDetails: "ticket 42"
        })
        assert.isTrue(restricted.isRestricted)
        assert.deepStrictEqual(restricted.restrictedReason, { type: "restricted_by_administrator" })
        assert.strictEqual(restricted.restrictedByAdminReason, "Unpaid invoice")
        assert.strictEqual(restricted.restrictedByAdminPrivateDetails, "ticket 42")
        assert.deepStrictEqual((yield* users.list()).items, [], "restricted users are left out of lists")

        const lifted = yield* users.unrestrict(signedUp.userId)
        assert.isFalse(lifted.isRestricted)
        assert.isNull(lifted.restrictedByAdminReason)
        assert.isNull(lifted.restrictedByAdminPrivateDetails ?? null)

        const missing = yield* Effect.flip(users.restrict("00000000-0000-4000-8000-000000000000", { reason: "x" }))
        assert.strictEqual(missing._tag, "UserNotFound")
      }).pipe(Effect.provide(server(project)))
    })
  )
})
