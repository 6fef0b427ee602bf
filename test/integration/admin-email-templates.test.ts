import { assert, describe, it } from "@effect/vitest"
import { EMAIL_TEMPLATE_TYPES } from "../../src/domain/email-template.js"
import { EmailTemplates } from "../../src/services/projects/email-templates.js"
import { useEmulator } from "../support/emulator.js"
import { latestMailTo } from "../support/mailbox.js"
import { adminLayer, run } from "./admin-support.js"

const backend = useEmulator()

describe("EmailTemplates", () => {
  it("lists a default template of every type", async () => {
    const project = await backend.createProject()
    const templates = await run(adminLayer(backend, project), EmailTemplates.use((t) => t.list))
    assert.deepStrictEqual(templates.map((t) => t.type), [...EMAIL_TEMPLATE_TYPES])
    for (const template of templates) {
      assert.isTrue(template.isDefault, template.type)
      assert.isNotEmpty(template.subject)
    }
  })

  it("updates a template, then resets it to the default", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const original = await run(layer, EmailTemplates.use((t) => t.get("magic_link")))

    const updated = await run(
      layer,
      EmailTemplates.use((t) => t.update("magic_link", { subject: "Your link to {{ projectDisplayName }}", content: "<p>{{ magicLink }}</p>" }))
    )
    assert.deepStrictEqual(updated, {
      type: "magic_link",
      subject: "Your link to {{ projectDisplayName }}",
      content: "<p>{{ magicLink }}</p>",
      isDefault: false
    })

    // A partial update keeps the other field; structured content is kept as sent.
    const partial = await run(layer, EmailTemplates.use((t) => t.update("magic_link", { content: { html: "<b>{{ magicLink }}</b>" } })))
    assert.strictEqual(partial.subject, "Your link to {{ projectDisplayName }}")
    assert.deepStrictEqual(partial.content, { html: "<b>{{ magicLink }}</b>" })

    const listed = await run(layer, EmailTemplates.use((t) => t.list))
    assert.deepStrictEqual(listed.filter((t) => !t.isDefault).map((t) => t.type), ["magic_link"])

    await run(layer, EmailTemplates.use((t) => t.resetToDefault("magic_link")))
    const reset = await run(layer, EmailTemplates.use((t) => t.get("magic_link")))
    assert.deepStrictEqual(reset, original)
    assert.isTrue(reset.isDefault)
    // Resetting a default template is a no-op for the client; the wire answers 404 as the hosted service does.
    await run(layer, EmailTemplates.use((t) => t.resetToDefault("magic_link")))
    const raw = await backend.call(project, "DELETE", "/email-templates/magic_link", { accessType: "admin" })
    assert.strictEqual(raw.status, 404)
  })

  it("is what the project's emails are built from, until reset", async () => {
    const project = await backend.createProject({ displayName: "Templated" })
    const layer = adminLayer(backend, project)
    const user = await backend.signUp(project)
    const callbackUrl = "http://localhost:3000/handler/password-reset"
    const sendReset = async () => {
      const res = await backend.call(project, "POST", "/auth/password/send-reset-code", { body: { email: user.email, callback_url: callbackUrl } })
      assert.strictEqual(res.status, 200, res.text)
      return run(layer, latestMailTo(backend, user.email))
    }

    await run(
      layer,
      EmailTemplates.use((t) =>
        t.update("password_reset", { subject: "Custom reset for {{ projectDisplayName }}", content: "<p>Go to {{ passwordResetLink }}</p>" })
      )
    )
    const custom = await sendReset()
    assert.strictEqual(custom.subject, "Custom reset for Templated")
    assert.include(custom.html, callbackUrl)

    await run(layer, EmailTemplates.use((t) => t.resetToDefault("password_reset")))
    const standard = await sendReset()
    assert.notStrictEqual(standard.subject, custom.subject)
    assert.include(standard.subject, "Templated")
  })

  it("keeps each project's templates apart", async () => {
    const one = await backend.createProject()
    const two = await backend.createProject()
    await run(adminLayer(backend, one), EmailTemplates.use((t) => t.update("password_reset", { subject: "Only for one" })))
    const other = await run(adminLayer(backend, two), EmailTemplates.use((t) => t.get("password_reset")))
    assert.isTrue(other.isDefault)
    assert.notStrictEqual(other.subject, "Only for one")
  })

  it("refuses an unknown type, unusable content and non-admin callers", async () => {
    const project = await backend.createProject()
    const badType = await backend.call(project, "PATCH", "/email-templates/welcome", { accessType: "admin", body: { subject: "x" } })
    assert.strictEqual(badType.body.code, "SCHEMA_ERROR")
    assert.include(badType.body.details.message, "params.type")
    const badContent = await backend.call(project, "PATCH", "/email-templates/magic_link", { accessType: "admin", body: { content: 42 } })
    assert.strictEqual(badContent.status, 400)
    for (const accessType of ["client", "server"] as const) {
      const res = await backend.call(project, "GET", "/email-templates", { accessType })
      assert.strictEqual(res.body.code, "INSUFFICIENT_ACCESS_TYPE")
    }
  })
})
