/**
 * The primary-e-mail rule of `POST /contact-channels/send-verification-code` (the specification: "Email must
 * equal the user's primary email for some operations"; the hosted route answers EMAIL_IS_NOT_PRIMARY_EMAIL
 * with both addresses): only the signed-in user's own primary address is mailed, once it is unverified.
 */
import { assert, describe, it } from "@effect/vitest"
import { uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const callbackUrl = "http://localhost:3000/handler/email-verification"

describe("POST /contact-channels/send-verification-code", () => {
  it("refuses an address that is not the user's primary one, naming both", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = uniqueEmail("not-primary")
    const res = await backend.call(project, "POST", "/contact-channels/send-verification-code", {
      accessToken: user.accessToken,
      body: { email: other, callback_url: callbackUrl }
    })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "EMAIL_IS_NOT_PRIMARY_EMAIL")
    assert.deepStrictEqual(res.body.details, { email: other, primary_email: user.email })
  })

  it("mails the primary address, surrounding spaces aside, and refuses it once verified", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const sent = await backend.call(project, "POST", "/contact-channels/send-verification-code", {
      accessToken: user.accessToken,
      body: { email: `  ${user.email} `, callback_url: callbackUrl }
    })
    assert.strictEqual(sent.status, 200)

    const channels = await backend.call(project, "GET", `/contact-channels?user_id=${user.userId}`, {
      accessType: "server"
    })
    const primary = channels.body.items.find((channel: { readonly value: string }) => channel.value === user.email)
    const verified = await backend.call(project, "PATCH", `/contact-channels/${user.userId}/${primary.id}`, {
      accessType: "server",
      body: { is_verified: true }
    })
    assert.strictEqual(verified.status, 200)
    const again = await backend.call(project, "POST", "/contact-channels/send-verification-code", {
      accessToken: user.accessToken,
      body: { email: user.email, callback_url: callbackUrl }
    })
    assert.strictEqual(again.knownError, "EMAIL_ALREADY_VERIFIED")
  })

  it("needs a signed-in user", async () => {
    const project = await backend.createProject()
    const res = await backend.call(project, "POST", "/contact-channels/send-verification-code", {
      body: { email: uniqueEmail(), callback_url: callbackUrl }
    })
    // The service's request schema requires a user: its SCHEMA_ERROR.
    assert.strictEqual(res.knownError, "SCHEMA_ERROR")
    assert.include(res.body.details.message, "auth.user must be defined")
  })
})
