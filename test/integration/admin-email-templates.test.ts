import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { DEFAULT_TEMPLATE_IDS } from "../../src/domain/email-template.js"
import { EmailTemplates } from "../../src/services/generated/email-templates.js"
import { useKitBackend } from "../support/local-backend.js"
import { latestMailTo } from "../support/mailbox.js"
import { customEmailServer } from "../support/template-project.js"
import { adminLayer, run } from "./admin-support.js"

const backend = useKitBackend()

const defaultNames = [
  "Email Verification",
  "Password Reset",
  "Magic Link/OTP",
  "Team Invitation",
  "Sign In Invitation",
  "Payment Receipt",
  "Payment Failed"
]

const resetSource = (subject: string) => `
import { type } from "arktype";
import { NotificationCategory, Subject } from "@stackframe/emails";

export const variablesSchema = type({ passwordResetLink: "string" });

export function EmailTemplate({ user, project, variables }) {
  return (
    <div>
      <Subject value={"${subject} " + project.displayName} />
      <NotificationCategory value="Transactional" />
      <p>Hello {user.displayName ?? "there"}, go to <a href={variables.passwordResetLink}>the reset page</a>.</p>
    </div>
  );
}

EmailTemplate.PreviewVariables = { passwordResetLink: "https://example.com/reset" };
`

describe("EmailTemplates", () => {
  it("lists the seven defaults, with the service's ids and names and no theme_id", async () => {
    const project = await backend.createProject()
    const templates = await run(
      adminLayer(backend, project),
      EmailTemplates.use((t) => t.list)
    )
    assert.deepStrictEqual(
      templates.map((t) => t.displayName),
      defaultNames
    )
    assert.deepStrictEqual(
      templates.map((t) => t.id),
      Object.values(DEFAULT_TEMPLATE_IDS)
    )
    for (const template of templates) {
      assert.isFalse("themeId" in template, template.displayName)
      assert.include(template.tsxSource, "export function EmailTemplate", template.displayName)
    }
    const raw = await backend.call(project, "GET", "/internal/email-templates", { accessType: "admin" })
    assert.deepStrictEqual(Object.keys(raw.body), ["templates"])
  })

  it("on the shared email server, refuses every write with RequiresCustomEmailServer", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const refused = (effect: Effect.Effect<unknown, { readonly _tag: string }, EmailTemplates>) =>
      run(
        layer,
        effect.pipe(
          Effect.flip,
          Effect.map((e) => e._tag)
        )
      )
    assert.strictEqual(await refused(EmailTemplates.use((t) => t.create("Welcome"))), "RequiresCustomEmailServer")
    assert.strictEqual(
      await refused(
        EmailTemplates.use((t) => t.update(DEFAULT_TEMPLATE_IDS.password_reset, { tsxSource: resetSource("x") }))
      ),
      "RequiresCustomEmailServer"
    )
    assert.strictEqual(
      await refused(EmailTemplates.use((t) => t.delete(DEFAULT_TEMPLATE_IDS.password_reset))),
      "RequiresCustomEmailServer"
    )
    const raw = await backend.call(project, "POST", "/internal/email-templates", {
      accessType: "admin",
      body: { display_name: "x" }
    })
    assert.strictEqual(raw.status, 400)
    assert.deepStrictEqual(raw.body, {
      code: "REQUIRES_CUSTOM_EMAIL_SERVER",
      error: "This action requires a custom SMTP server. Please edit your email server configuration and try again."
    })
  })

  it("creates a template, updates it (answering the preview), finds it and deletes it", async () => {
    const project = await backend.createProject({ displayName: "Templated", config: customEmailServer })
    const layer = adminLayer(backend, project)
    const id = await run(
      layer,
      EmailTemplates.use((t) => t.create("Welcome"))
    )
    const created = await run(
      layer,
      EmailTemplates.use((t) => t.get(id))
    )
    assert.strictEqual(created.displayName, "Welcome")
    assert.strictEqual(created.themeId, null)
    const listed = await run(
      layer,
      EmailTemplates.use((t) => t.list)
    )
    assert.deepStrictEqual(
      listed.map((t) => t.displayName),
      [...defaultNames, "Welcome"]
    )

    const { renderedHtml } = await run(
      layer,
      EmailTemplates.use((t) => t.update(id, { tsxSource: resetSource("Reset at"), themeId: false }))
    )
    // The preview user is "John Doe"; the preview values come from the template's PreviewVariables.
    assert.include(renderedHtml, 'Hello John Doe, go to <a href="https://example.com/reset">the reset page</a>.')
    const updated = await run(
      layer,
      EmailTemplates.use((t) => t.get(id))
    )
    assert.strictEqual(updated.tsxSource, resetSource("Reset at"))
    assert.strictEqual(updated.themeId, false)

    await run(
      layer,
      EmailTemplates.use((t) => t.delete(id))
    )
    const gone = await run(
      layer,
      EmailTemplates.use((t) => t.get(id).pipe(Effect.flip))
    )
    assert.strictEqual(gone._tag, "EmailTemplateNotFound")
    // Deleting it again is a typed failure, never a silent success.
    const again = await run(
      layer,
      EmailTemplates.use((t) => t.delete(id).pipe(Effect.flip))
    )
    assert.strictEqual(again._tag, "EmailTemplateNotFound")
  })

  it("refuses a source that does not render, or sets no Subject, and keeps the old one", async () => {
    const project = await backend.createProject({ config: customEmailServer })
    const layer = adminLayer(backend, project)
    const id = DEFAULT_TEMPLATE_IDS.email_verification
    const before = await run(
      layer,
      EmailTemplates.use((t) => t.get(id))
    )
    const fail = (tsxSource: string) =>
      run(
        layer,
        EmailTemplates.use((t) => t.update(id, { tsxSource }).pipe(Effect.flip))
      )

    const noSubject = await fail("export function EmailTemplate() { return <p>hi</p> }")
    assert.strictEqual(noSubject._tag, "EmailRenderingError")
    assert.strictEqual(
      noSubject._tag === "EmailRenderingError" && noSubject.details.error,
      "Subject is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
    )
    const noCategory = await fail(`export function EmailTemplate() { return <Subject value="s" /> }`)
    assert.strictEqual(
      noCategory._tag === "EmailRenderingError" && noCategory.details.error,
      "NotificationCategory is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
    )
    const unsupported = await fail("export function EmailTemplate() { return <script>x</script> }")
    assert.strictEqual(unsupported._tag, "EmailRenderingError")
    assert.strictEqual(unsupported.message.startsWith("Failed to render email with theme: "), true)

    assert.deepStrictEqual(
      await run(
        layer,
        EmailTemplates.use((t) => t.get(id))
      ),
      before
    )
  })

  it("sends the project's mails from its templates: edited, then deleted (the built-in default)", async () => {
    const project = await backend.createProject({ displayName: "Templated", config: customEmailServer })
    const layer = adminLayer(backend, project)
    const user = await backend.signUp(project)
    const callbackUrl = "http://localhost:3000/handler/password-reset"
    const sendReset = async () => {
      const res = await backend.call(project, "POST", "/auth/password/send-reset-code", {
        body: { email: user.email, callback_url: callbackUrl }
      })
      assert.strictEqual(res.status, 200, res.text)
      return run(layer, latestMailTo(backend, user.email))
    }

    await run(
      layer,
      EmailTemplates.use((t) =>
        t.update(DEFAULT_TEMPLATE_IDS.password_reset, { tsxSource: resetSource("Custom reset for") })
      )
    )
    const custom = await sendReset()
    // The subject is the template's <Subject>; the user has no display name.
    assert.strictEqual(custom.subject, "Custom reset for Templated")
    assert.include(custom.text, "Hello there, go to the reset page http://localhost:3000/handler/password-reset?code=")

    await run(
      layer,
      EmailTemplates.use((t) => t.delete(DEFAULT_TEMPLATE_IDS.password_reset))
    )
    const listed = await run(
      layer,
      EmailTemplates.use((t) => t.list)
    )
    assert.notInclude(
      listed.map((t) => t.id),
      DEFAULT_TEMPLATE_IDS.password_reset
    )
    const standard = await sendReset()
    assert.strictEqual(standard.subject, "Reset your password at Templated")
  })

  it("keeps each project's templates apart", async () => {
    const one = await backend.createProject({ config: customEmailServer })
    const two = await backend.createProject({ config: customEmailServer })
    const id = await run(
      adminLayer(backend, one),
      EmailTemplates.use((t) => t.create("Only for one"))
    )
    const other = await run(
      adminLayer(backend, two),
      EmailTemplates.use((t) => t.list)
    )
    assert.notInclude(
      other.map((t) => t.id),
      id
    )
    const foreign = await backend.call(two, "DELETE", `/internal/email-templates/${id}`, { accessType: "admin" })
    assert.strictEqual(foreign.status, 404)
    assert.strictEqual(foreign.text, "No template found with given id")
  })

  it("answers a non-UUID id with SCHEMA_ERROR, the legacy routes with not-found, non-admins with INSUFFICIENT_ACCESS_TYPE", async () => {
    const project = await backend.createProject({ config: customEmailServer })
    const badId = await backend.call(project, "PATCH", "/internal/email-templates/magic_link", {
      accessType: "admin",
      body: { tsx_source: "x" }
    })
    assert.strictEqual(badId.body.code, "SCHEMA_ERROR")
    assert.include(badId.body.details.message, "params.templateId")
    const deleted = await backend.call(
      project,
      "DELETE",
      `/internal/email-templates/${DEFAULT_TEMPLATE_IDS.team_invitation}`,
      { accessType: "admin" }
    )
    assert.strictEqual(deleted.status, 200)
    assert.deepStrictEqual(deleted.body, {})
    const legacy = await backend.call(project, "GET", "/email-templates", { accessType: "admin" })
    assert.strictEqual(legacy.status, 404)
    for (const accessType of ["client", "server"] as const) {
      const res = await backend.call(project, "GET", "/internal/email-templates", { accessType })
      assert.strictEqual(res.body.code, "INSUFFICIENT_ACCESS_TYPE")
    }
  })
})
