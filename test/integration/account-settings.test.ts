/**
 * The signed-in user's account-settings services against the local backend: their own sessions (list,
 * revoke another, the current one refused) and e-mail notification preferences (list, switch, the
 * unsubscribe link of a sent message).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { clientTier } from "../../src/layers/client.js"
import { NOTIFICATION_CATEGORIES } from "../../src/domain/notification-preference.js"
import { DEFAULT_TEMPLATE_IDS } from "../../src/domain/email-template.js"
import { ActiveSessions } from "../../src/services/generated/active-sessions.js"
import { NotificationPreferences } from "../../src/services/generated/notification-preferences.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { ContactChannels } from "../../src/services/generated/contact-channels.js"
import { EmailTemplates } from "../../src/services/generated/email-templates.js"
import { type StoredTokens, TokenStore } from "../../src/services/session/token-store.js"
import { type TestProject, type TestUser, useKitBackend } from "../support/local-backend.js"
import { mailTo } from "../support/mailbox.js"
import { adminLayer, run } from "./admin-support.js"

const backend = useKitBackend()

const client = (project: TestProject, tokens: StoredTokens) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: TokenStore.memory(tokens)
  })

const tokensOf = (user: Pick<TestUser, "accessToken" | "refreshToken">): StoredTokens => ({
  accessToken: user.accessToken,
  refreshToken: user.refreshToken
})

/** A second session of the same user, as another device would open it. */
const signInAgain = async (project: TestProject, user: TestUser) => {
  const res = await backend.call(project, "POST", "/auth/password/sign-in", {
    body: { email: user.email, password: user.password }
  })
  assert.strictEqual(res.status, 200, res.text)
  return { accessToken: res.body.access_token as string, refreshToken: res.body.refresh_token as string }
}

describe("ActiveSessions", () => {
  it.live("lists the user's sessions, marks the current one, and revokes another, which then cannot refresh", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const other = yield* Effect.promise(() => signInAgain(project, user))
      const here = client(project, tokensOf(user))

      const sessions = yield* ActiveSessions.use((s) => s.list).pipe(Effect.provide(here))
      assert.strictEqual(sessions.length, 2)
      const current = sessions.filter((s) => s.isCurrentSession)
      assert.strictEqual(current.length, 1)
      for (const session of sessions) {
        assert.strictEqual(session.userId, user.userId)
        assert.isFalse(session.isImpersonation)
        assert.instanceOf(session.createdAt, Date)
      }
      const otherSession = sessions.find((s) => !s.isCurrentSession)
      assert.isDefined(otherSession)

      // The current session cannot end itself this way: the service's known error.
      const refused = yield* Effect.flip(ActiveSessions.use((s) => s.revoke(current[0]!.id)).pipe(Effect.provide(here)))
      assert.strictEqual(refused._tag, "CannotDeleteCurrentSession")

      yield* ActiveSessions.use((s) => s.revoke(otherSession!.id)).pipe(Effect.provide(here))
      const left = yield* ActiveSessions.use((s) => s.list).pipe(Effect.provide(here))
      assert.deepStrictEqual(
        left.map((s) => s.id),
        current.map((s) => s.id)
      )

      // The revoked device's refresh token is refused; its tier ends up signed out.
      const there = yield* CurrentUser.use((c) => c.get).pipe(
        Effect.provide(client(project, { accessToken: null, refreshToken: other.refreshToken }))
      )
      assert.isNull(there)

      // Revoking it again, or an id that was never a session, is SessionNotFound (the service's plain 404).
      const again = yield* Effect.flip(ActiveSessions.use((s) => s.revoke(otherSession!.id)).pipe(Effect.provide(here)))
      assert.strictEqual(again._tag, "SessionNotFound")
    })
  )

  it.live("cannot see or revoke another user's sessions", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const ann = yield* Effect.promise(() => backend.signUp(project))
      const bob = yield* Effect.promise(() => backend.signUp(project))
      const bobs = yield* ActiveSessions.use((s) => s.list).pipe(Effect.provide(client(project, tokensOf(bob))))
      const refused = yield* Effect.flip(
        ActiveSessions.use((s) => s.revoke(bobs[0]!.id)).pipe(Effect.provide(client(project, tokensOf(ann))))
      )
      assert.strictEqual(refused._tag, "SessionNotFound")
      assert.strictEqual(
        (yield* ActiveSessions.use((s) => s.list).pipe(Effect.provide(client(project, tokensOf(bob))))).length,
        1
      )
    })
  )
})

const [transactional, marketing] = NOTIFICATION_CATEGORIES

describe("NotificationPreferences", () => {
  it.live("lists both categories with their defaults, switches one and reads it back", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const layer = client(project, tokensOf(user))
      const before = yield* NotificationPreferences.use((p) => p.list).pipe(Effect.provide(layer))
      assert.deepStrictEqual(before, [
        {
          notificationCategoryId: transactional.id,
          notificationCategoryName: "Transactional",
          enabled: true,
          canDisable: false
        },
        { notificationCategoryId: marketing.id, notificationCategoryName: "Marketing", enabled: true, canDisable: true }
      ])
      const off = yield* NotificationPreferences.use((p) => p.set(marketing.id, false)).pipe(Effect.provide(layer))
      assert.deepStrictEqual(off, { ...before[1], enabled: false })
      const after = yield* NotificationPreferences.use((p) => p.list).pipe(Effect.provide(layer))
      assert.deepStrictEqual(
        after.map((p) => p.enabled),
        [true, false]
      )

      const unknown = yield* Effect.flip(
        NotificationPreferences.use((p) => p.set("00000000-0000-4000-8000-000000000000", false)).pipe(
          Effect.provide(layer)
        )
      )
      assert.strictEqual(unknown._tag, "NotificationCategoryNotFound")
      const notUuid = yield* Effect.flip(
        NotificationPreferences.use((p) => p.set("marketing", false)).pipe(Effect.provide(layer))
      )
      assert.strictEqual(notUuid._tag, "NotificationCategoryNotFound")
    })
  )

  it.live("a visitor gets the service's USER_AUTHENTICATION_REQUIRED; a client cannot read another user's", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const visitor = yield* Effect.flip(
        NotificationPreferences.use((p) => p.list).pipe(
          Effect.provide(client(project, { accessToken: null, refreshToken: null }))
        )
      )
      assert.strictEqual(visitor._tag, "UserAuthenticationRequired")
      const ann = yield* Effect.promise(() => backend.signUp(project))
      const bob = yield* Effect.promise(() => backend.signUp(project))
      const foreign = yield* Effect.promise(() =>
        backend.call(project, "GET", `/emails/notification-preference/${bob.userId}`, { accessToken: ann.accessToken })
      )
      assert.strictEqual(foreign.status, 403)
      assert.strictEqual(foreign.text, "You can only view your own notification preferences")
      const server = yield* Effect.promise(() =>
        backend.call(project, "GET", `/emails/notification-preference/${bob.userId}`, { accessType: "server" })
      )
      assert.strictEqual(server.status, 200, server.text)
      assert.strictEqual(server.body.items.length, 2)
    })
  )

  it.live("a sent Marketing message carries an unsubscribe link that turns Marketing off; then no more is sent", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() =>
        backend.createProject({
          displayName: "Newsy",
          config: {
            email_config: {
              type: "standard",
              host: "127.0.0.1",
              port: 1,
              username: "mailer",
              password: "smtp-secret",
              sender_name: "Newsy",
              sender_email: "noreply@newsy.example"
            }
          }
        })
      )
      // The verification e-mail made a Marketing message: the category decides the link, not the kind.
      yield* Effect.promise(() =>
        run(
          adminLayer(backend, project),
          EmailTemplates.use((t) => t.update(DEFAULT_TEMPLATE_IDS.email_verification, { tsxSource: marketingSource }))
        )
      )
      const user = yield* Effect.promise(() => backend.signUp(project))
      const layer = client(project, tokensOf(user))
      const sendVerification = Effect.gen(function* () {
        const [channel] = yield* ContactChannels.use((c) => c.list)
        yield* ContactChannels.use((c) =>
          c.sendVerificationEmail(channel!.id, { callbackUrl: "http://localhost:3000/handler/email-verification" })
        )
      }).pipe(Effect.provide(layer))

      const before = (yield* mailTo(backend, user.email)).length
      yield* sendVerification
      const mails = yield* mailTo(backend, user.email)
      assert.strictEqual(mails.length, before + 1)
      const mail = mails.at(-1)!
      const link = /https?:\/\/[^\s"<>()]+\/api\/v1\/emails\/unsubscribe-link\?code=[a-z0-9]{45}/.exec(mail.html)?.[0]
      assert.isDefined(link, mail.html)
      assert.include(mail.text, "Click here http")
      assert.include(mail.text, "to unsubscribe from these emails")

      const followed = yield* Effect.promise(() => fetch(link!))
      assert.strictEqual(followed.status, 200)
      assert.strictEqual(
        yield* Effect.promise(() => followed.text()),
        "<p>Successfully unsubscribed from notification group</p>"
      )
      const prefs = yield* NotificationPreferences.use((p) => p.list).pipe(Effect.provide(layer))
      assert.deepStrictEqual(
        prefs.map((p) => p.enabled),
        [true, false]
      )

      const twice = yield* Effect.promise(() => fetch(link!).then((r) => r.text()))
      assert.strictEqual(twice, "<p>You have already unsubscribed from this notification group</p>")
      const bad = yield* Effect.promise(() =>
        fetch(`${backend.localBackend().apiUrl}/emails/unsubscribe-link?code=short`)
      )
      assert.strictEqual(bad.status, 400)
      const unknown = yield* Effect.promise(() =>
        backend.call(project, "GET", `/emails/unsubscribe-link?code=${"0".repeat(45)}`, { accessType: "none" })
      )
      assert.strictEqual(unknown.knownError, "VERIFICATION_CODE_NOT_FOUND")

      // Marketing is off now: the next message of that category is not sent at all.
      yield* sendVerification
      assert.strictEqual((yield* mailTo(backend, user.email)).length, before + 1)
    })
  )

  it.live("Transactional messages get no unsubscribe link", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const layer = client(project, tokensOf(user))
      yield* Effect.gen(function* () {
        const [channel] = yield* ContactChannels.use((c) => c.list)
        yield* ContactChannels.use((c) =>
          c.sendVerificationEmail(channel!.id, { callbackUrl: "http://localhost:3000/handler/email-verification" })
        )
      }).pipe(Effect.provide(layer))
      const mail = (yield* mailTo(backend, user.email)).at(-1)!
      assert.notInclude(mail.html, "unsubscribe")
    })
  )
})

const marketingSource = `
import { type } from "arktype";
import { NotificationCategory, Subject } from "@stackframe/emails";

export const variablesSchema = type({ emailVerificationLink: "string" });

export function EmailTemplate({ user, project, variables }) {
  return (
    <div>
      <Subject value={"News from " + project.displayName} />
      <NotificationCategory value="Marketing" />
      <p>Read <a href={variables.emailVerificationLink}>our news</a>.</p>
    </div>
  );
}

EmailTemplate.PreviewVariables = { emailVerificationLink: "https://example.com/verify" };
`
