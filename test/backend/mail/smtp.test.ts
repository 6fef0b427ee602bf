import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeOutbox, memoryOutboxStore } from "../../../backend/src/mail/outbox.js"
import {
  deliver,
  type EmailConfig,
  sendSmtp,
  sendTestEmail,
  senderOf,
  type SmtpConfig
} from "../../../backend/src/mail/smtp.js"
import { REFUSING_PORT } from "../../support/cli.js"
import { smtpSink } from "./smtp-sink.js"

const credentials = { user: "mailer", pass: "s3cret-pa55" }

const configFor = (port: number, password = credentials.pass): SmtpConfig => ({
  host: "127.0.0.1",
  port,
  username: credentials.user,
  password,
  senderName: "Demo App",
  senderEmail: "noreply@demo.test"
})

const message = {
  to: "ada@example.com",
  from: `"Demo App" <noreply@demo.test>`,
  subject: "Hello over SMTP",
  text: "plain body",
  html: "<p>html body</p>"
}

describe("SMTP sender", () => {
  it.live("delivers through the server with the configured credentials", () =>
    Effect.gen(function* () {
      const sink = yield* smtpSink(credentials)
      yield* sendSmtp(configFor(sink.port), message)
      const [received, ...rest] = sink.received()
      assert.lengthOf(rest, 0)
      assert.strictEqual(received?.user, "mailer")
      assert.strictEqual(received?.from, "noreply@demo.test")
      assert.deepStrictEqual(received?.to, ["ada@example.com"])
      assert.include(received?.data, "Subject: Hello over SMTP")
      assert.include(received?.data, "plain body")
      assert.include(received?.data, "<p>html body</p>")
    })
  )

  it.live("a wrong password is a typed failure whose errorMessage hides the password", () =>
    Effect.gen(function* () {
      const sink = yield* smtpSink(credentials)
      const error = yield* Effect.flip(sendTestEmail(configFor(sink.port, "wrong-password"), "ada@example.com"))
      assert.strictEqual(error._tag, "SmtpSendError")
      assert.match(error.errorMessage, /535|auth/i)
      assert.notInclude(error.errorMessage, "wrong-password")
      assert.lengthOf(sink.received(), 0)
    })
  )

  it.live("an unreachable server fails with an errorMessage", () =>
    Effect.gen(function* () {
      const port = REFUSING_PORT
      const error = yield* Effect.flip(sendTestEmail(configFor(port), "ada@example.com", { timeoutMs: 2000 }))
      assert.isAbove(error.errorMessage.length, 0)
      assert.match(error.errorMessage, /ECONNREFUSED|connect/i)
    })
  )

  it.live("the test email comes from the configured sender", () =>
    Effect.gen(function* () {
      const sink = yield* smtpSink(credentials)
      yield* sendTestEmail(configFor(sink.port), "admin@demo.test")
      const [received] = sink.received()
      assert.deepStrictEqual(received?.to, ["admin@demo.test"])
      assert.include(received?.data, "Demo App")
    })
  )
})

describe("deliver", () => {
  it.live("shared config: outbox only", () =>
    Effect.gen(function* () {
      const outbox = makeOutbox(yield* memoryOutboxStore)
      const result = yield* deliver(outbox, { type: "shared" }, message)
      assert.strictEqual(result.relay._tag, "OutboxOnly")
      assert.lengthOf(yield* outbox.list("ada"), 1)
      assert.strictEqual(senderOf({ type: "shared" }).email, "noreply@example.com")
      assert.deepStrictEqual(senderOf({ type: "shared" }, "Demo App"), {
        name: "Demo App",
        email: "noreply@example.com"
      })
    })
  )

  it.live("standard config: outbox and SMTP; an SMTP failure is reported, the message still kept", () =>
    Effect.gen(function* () {
      const sink = yield* smtpSink(credentials)
      const outbox = makeOutbox(yield* memoryOutboxStore)
      const good: EmailConfig = { type: "standard", ...configFor(sink.port) }
      assert.strictEqual((yield* deliver(outbox, good, message)).relay._tag, "SmtpSent")
      assert.lengthOf(sink.received(), 1)
      const bad: EmailConfig = { type: "standard", ...configFor(sink.port, "nope") }
      const failed = yield* deliver(outbox, bad, message)
      assert.strictEqual(failed.relay._tag, "SmtpFailed")
      assert.lengthOf(yield* outbox.list("ada"), 2)
      assert.deepStrictEqual(senderOf(good), { name: "Demo App", email: "noreply@demo.test" })
    })
  )
})
