import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/generated/auth.js"
import { ContactChannels, ServerContactChannels } from "../../src/services/generated/contact-channels.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer, serverLayer } from "./auth-support.js"

const backend = useKitBackend()

const verifyUrl = "http://localhost:3000/handler/email-verification"

const newProject = Effect.promise(() => backend.createProject())

describe("contact channels of the signed-in user", () => {
  it.live("list, create, update, make primary and delete", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const work = uniqueEmail("work")
      const outcome = yield* Effect.gen(function* () {
        const channels = yield* ContactChannels
        const initial = yield* channels.list
        const created = yield* channels.create({ value: work, usedForAuth: false })
        const listed = yield* channels.list
        const renamed = yield* channels.update(created.id, { value: `re-${work}` })
        const primary = yield* channels.update(created.id, { isPrimary: true })
        const me = yield* CurrentUser.use((u) => u.get)
        const afterPrimary = yield* channels.list
        yield* channels.delete(initial[0]!.id)
        const remaining = yield* channels.list
        const missing = yield* Effect.flip(channels.delete(initial[0]!.id))
        return { initial, created, listed, renamed, primary, me, afterPrimary, remaining, missing }
      }).pipe(Effect.provide(clientLayer(backend, project, user)))

      assert.strictEqual(outcome.initial.length, 1)
      assert.deepInclude(outcome.initial[0], {
        userId: user.userId,
        type: "email",
        value: user.email,
        isPrimary: true,
        usedForAuth: true,
        isVerified: false
      })
      assert.deepInclude(outcome.created, { value: work, isPrimary: false, usedForAuth: false, isVerified: false })
      assert.deepStrictEqual(
        outcome.listed.map((c) => c.id),
        [outcome.initial[0]!.id, outcome.created.id]
      )
      assert.strictEqual(outcome.renamed.value, `re-${work}`)
      assert.isTrue(outcome.primary.isPrimary)
      assert.strictEqual(outcome.me?.primaryEmail, `re-${work}`)
      assert.deepStrictEqual(
        outcome.afterPrimary.map((c) => c.isPrimary),
        [false, true]
      )
      assert.deepStrictEqual(
        outcome.remaining.map((c) => c.id),
        [outcome.created.id]
      )
      assert.strictEqual(outcome.missing._tag, "HttpError")
      // Deleting a channel that is gone is a bad request, as on the hosted service.
      if (outcome.missing._tag === "HttpError") assert.strictEqual(outcome.missing.status, 400)
    })
  )

  it.live("an address another user signs in with cannot be used for sign-in again", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const ann = yield* Effect.promise(() => backend.signUp(project))
      const bob = yield* Effect.promise(() => backend.signUp(project))
      const outcome = yield* Effect.gen(function* () {
        const channels = yield* ContactChannels
        const conflict = yield* Effect.flip(channels.create({ value: ann.email, usedForAuth: true }))
        // As a plain contact address it is fine ...
        const plain = yield* channels.create({ value: ann.email, usedForAuth: false })
        // ... but switching it to sign-in is the same conflict.
        const switched = yield* Effect.flip(channels.update(plain.id, { usedForAuth: true }))
        return { conflict, plain, switched }
      }).pipe(Effect.provide(clientLayer(backend, project, bob)))
      assert.strictEqual(outcome.conflict._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      if (outcome.conflict._tag === "ContactChannelAlreadyUsedForAuthBySomeoneElse") {
        assert.strictEqual(outcome.conflict.details.type, "email")
        assert.strictEqual(outcome.conflict.details.contact_channel_value, ann.email)
      }
      assert.isFalse(outcome.plain.usedForAuth)
      assert.strictEqual(outcome.switched._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
    })
  )

  it.live("a channel's verification link verifies that channel; verified channels refuse another link", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const second = uniqueEmail("second")
      const outcome = yield* Effect.gen(function* () {
        const channels = yield* ContactChannels
        const created = yield* channels.create({ value: second, usedForAuth: false })
        yield* channels.sendVerificationEmail(created.id, { callbackUrl: verifyUrl })
        const code = codeFromMail(yield* latestMailTo(backend, second), verifyUrl)
        yield* Auth.use((auth) => auth.verifyEmail(code))
        const after = yield* channels.list
        const again = yield* Effect.flip(channels.sendVerificationEmail(created.id, { callbackUrl: verifyUrl }))
        const untrusted = yield* Effect.flip(
          channels.sendVerificationEmail(after[0]!.id, { callbackUrl: "https://evil.example/v" })
        )
        return { created, after, again, untrusted }
      }).pipe(Effect.provide(clientLayer(backend, project, user)))
      const verified = outcome.after.find((c) => c.id === outcome.created.id)
      assert.isTrue(verified?.isVerified)
      // The primary address was not touched.
      assert.isFalse(outcome.after.find((c) => c.isPrimary)?.isVerified)
      assert.strictEqual(outcome.again._tag, "EmailAlreadyVerified")
      assert.strictEqual(outcome.untrusted._tag, "RedirectUrlNotWhitelisted")
    })
  )

  it.live("a visitor and another user's channels are refused", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const ann = yield* Effect.promise(() => backend.signUp(project))
      const bob = yield* Effect.promise(() => backend.signUp(project))
      const visitor = yield* Effect.flip(ContactChannels.use((c) => c.list)).pipe(
        Effect.provide(clientLayer(backend, project))
      )
      assert.strictEqual(visitor._tag, "CannotGetOwnUserWithoutUser")
      const foreign = yield* Effect.promise(() =>
        backend.call(project, "GET", `/contact-channels?user_id=${ann.userId}`, { accessToken: bob.accessToken })
      )
      assert.strictEqual(foreign.status, 403)
      const clientVerifies = yield* Effect.promise(() =>
        backend.call(project, "POST", "/contact-channels", {
          accessToken: bob.accessToken,
          body: { user_id: "me", value: uniqueEmail(), type: "email", used_for_auth: false, is_verified: true }
        })
      )
      assert.strictEqual(clientVerifies.knownError, "SCHEMA_ERROR")
      const notAnEmail = yield* Effect.promise(() =>
        backend.call(project, "POST", "/contact-channels", {
          accessToken: bob.accessToken,
          body: { user_id: "me", value: "not an email", type: "email", used_for_auth: false }
        })
      )
      assert.strictEqual(notAnEmail.knownError, "SCHEMA_ERROR")
    })
  )
})

describe("contact channels of any user (server)", () => {
  it.live("the server creates verified channels for a user, updates, lists and deletes them", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const user = yield* Effect.promise(() => backend.signUp(project))
      const other = yield* Effect.promise(() => backend.signUp(project))
      const address = uniqueEmail("server")
      const outcome = yield* Effect.gen(function* () {
        const channels = yield* ServerContactChannels
        const created = yield* channels.create({
          userId: user.userId,
          value: address,
          usedForAuth: true,
          isVerified: true
        })
        const listed = yield* channels.list(user.userId)
        const unverified = yield* channels.update(user.userId, created.id, { value: `new-${address}` })
        const reverified = yield* channels.update(user.userId, created.id, { isVerified: true })
        const taken = yield* Effect.flip(
          channels.create({ userId: other.userId, value: `new-${address}`, usedForAuth: true })
        )
        const noUser = yield* Effect.flip(
          channels.create({ userId: "00000000-0000-4000-8000-000000000000", value: uniqueEmail(), usedForAuth: false })
        )
        yield* channels.sendVerificationEmail(user.userId, listed[0]!.id, { callbackUrl: verifyUrl })
        yield* channels.delete(user.userId, created.id)
        const after = yield* channels.list(user.userId)
        return { created, listed, unverified, reverified, taken, noUser, after }
      }).pipe(Effect.provide(serverLayer(backend, project)))
      assert.deepInclude(outcome.created, { userId: user.userId, value: address, usedForAuth: true, isVerified: true })
      assert.strictEqual(outcome.listed.length, 2)
      assert.isFalse(outcome.unverified.isVerified)
      assert.isTrue(outcome.reverified.isVerified)
      assert.strictEqual(outcome.taken._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      assert.strictEqual(outcome.noUser._tag, "UserIdDoesNotExist")
      assert.deepStrictEqual(
        outcome.after.map((c) => c.value),
        [user.email]
      )
      const mail = yield* latestMailTo(backend, user.email)
      assert.isString(codeFromMail(mail, verifyUrl))

      // Deleting the extra sign-in address leaves the original one working.
      const signIn = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/password/sign-in", {
          body: { email: user.email, password: user.password }
        })
      )
      assert.strictEqual(signIn.status, 200)
    })
  )

  it.live("the client tier has no server contact channels (the endpoint refuses a client user id)", () =>
    Effect.gen(function* () {
      const project = yield* newProject
      const ann = yield* Effect.promise(() => backend.signUp(project))
      const bob = yield* Effect.promise(() => backend.signUp(project))
      const patch = yield* Effect.promise(() =>
        backend.call(project, "PATCH", `/contact-channels/${ann.userId}/${crypto.randomUUID()}`, {
          accessToken: bob.accessToken,
          body: { is_primary: true }
        })
      )
      assert.strictEqual(patch.status, 403)
    })
  )
})
