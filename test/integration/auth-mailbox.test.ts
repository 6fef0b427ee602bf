import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Auth } from "../../src/services/generated/auth.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { mailTo } from "../support/mailbox.js"
import { clientLayer } from "./auth-support.js"

const backend = useKitBackend()

const verifyUrl = "http://localhost:3000/handler/email-verification"

const get = (path: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${backend.localBackend().url}${path}`, { redirect: "manual" })
    return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() }
  })

describe("the mailbox under /mailbox", () => {
  it.live("the Inbucket API and the inbox pages show the mail a flow sent", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ displayName: "Inbox <Demo>" }))
      const email = uniqueEmail("inbox")
      yield* Auth.use((auth) =>
        auth.signUpWithCredential({ email, password: "first password", verificationCallbackUrl: verifyUrl })
      ).pipe(Effect.provide(clientLayer(backend, project)))
      const [mail] = yield* mailTo(backend, email)
      assert.isDefined(mail)
      assert.strictEqual(mail?.subject, "Verify your email at Inbox <Demo>")

      const recent = yield* get("/mailbox")
      assert.strictEqual(recent.status, 200)
      assert.include(recent.type, "text/html")
      // The project name is escaped in the page, never markup.
      assert.include(recent.text, "Verify your email at Inbox &lt;Demo&gt;")

      const box = yield* get(`/mailbox/inbox/${encodeURIComponent(email)}`)
      assert.include(box.text, mail!.id)
      const page = yield* get(`/mailbox/inbox/${encodeURIComponent(email)}/${encodeURIComponent(mail!.id)}`)
      assert.strictEqual(page.status, 200)
      assert.include(page.text, "handler/email-verification?code=")

      const unknown = yield* get(`/mailbox/api/v1/mailbox/${encodeURIComponent(email)}/no-such-id`)
      assert.strictEqual(unknown.status, 404)
      const empty = yield* get(`/mailbox/api/v1/mailbox/${encodeURIComponent(uniqueEmail("nobody"))}`)
      assert.strictEqual(empty.text, "[]")
    })
  )
})
