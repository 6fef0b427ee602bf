import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/generated/auth.js"
import { smtpSink } from "../backend/mail/smtp-sink.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

const backend = useKitBackend()

const verifyUrl = "http://localhost:3000/handler/email-verification"

const standardConfig = (port: number) => ({
  email_config: {
    type: "standard",
    host: "127.0.0.1",
    port,
    username: "mailer",
    password: "smtp-secret",
    sender_name: "Rocket App",
    sender_email: "noreply@rocket.example"
  }
})

describe("email relay for a standard email config", () => {
  it.live("the verification email goes through the project's SMTP server and stays in the outbox", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const sink = yield* smtpSink({ user: "mailer", pass: "smtp-secret" })
        const project = yield* Effect.promise(() => backend.createProject({ config: standardConfig(sink.port) }))
        const email = uniqueEmail("smtp")
        yield* Auth.use((auth) =>
          auth.signUpWithCredential({ email, password: "first password", verificationCallbackUrl: verifyUrl })
        ).pipe(Effect.provide(clientLayer(backend, project)))

        const received = sink.received()
        assert.strictEqual(received.length, 1)
        assert.strictEqual(received[0]?.user, "mailer")
        assert.strictEqual(received[0]?.from, "noreply@rocket.example")
        assert.deepStrictEqual(received[0]?.to, [email])
        assert.include(received[0]?.data ?? "", "Rocket App")

        const kept = yield* latestMailTo(backend, email)
        assert.include(kept.from, "noreply@rocket.example")
        // The relayed message carries the same link as the kept one.
        const code = codeFromMail(kept, verifyUrl)
        assert.include((received[0]?.data ?? "").replace(/=\r\n/g, ""), code)
      })
    )
  )

  it.live("an unreachable SMTP server does not fail the sign-up; the message is still in the outbox", () =>
    Effect.gen(function* () {
      // Port 9 (discard) has no SMTP server here: the connection is refused at once.
      const project = yield* Effect.promise(() => backend.createProject({ config: standardConfig(9) }))
      const email = uniqueEmail("smtp-down")
      const signedIn = yield* Auth.use((auth) =>
        auth.signUpWithCredential({ email, password: "first password", verificationCallbackUrl: verifyUrl })
      ).pipe(Effect.provide(clientLayer(backend, project)))
      assert.isTrue(signedIn.isNewUser)
      const kept = yield* latestMailTo(backend, email)
      assert.isString(codeFromMail(kept, verifyUrl))
    })
  )
})
