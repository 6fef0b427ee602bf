/**
 * A project whose e-mail templates can be edited: editing needs the project's own SMTP server (on the shared
 * one the service refuses every write). Nothing listens on port 1: the local backend logs the failed relay and
 * keeps every message in its outbox, which is where tests read them.
 */
import { type LocalBackendHandle, expectStatus, type TestProject } from "./local-backend.js"

export const customEmailServer = {
  email_config: {
    type: "standard",
    host: "127.0.0.1",
    port: 1,
    username: "mailer",
    password: "smtp-secret",
    sender_name: "Templated App",
    sender_email: "noreply@templated.example"
  }
}

/** A project on its own SMTP server and one template it created, to PATCH. */
export const templateProject = async (
  backend: LocalBackendHandle
): Promise<{ readonly project: TestProject; readonly templateId: string }> => {
  const project = await backend.createProject({ config: customEmailServer })
  const created = expectStatus(
    await backend.call(project, "POST", "/internal/email-templates", {
      accessType: "admin",
      body: { display_name: "Target" }
    }),
    200
  )
  return { project, templateId: created.body.id }
}
