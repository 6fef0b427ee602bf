/**
 * The backend's root: `GET /` is a small status page for a person (the local-development project's keys,
 * links to the mailbox and the API), `/favicon.ico` an icon; the API below `/api/v1` is unchanged.
 */
import { assert, describe, it } from "@effect/vitest"
import { LOCAL_DEVELOPMENT_KEYS } from "../../../src/domain/local-keys.js"
import { useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

describe("the backend's root page", () => {
  it("shows status, the local-development project and its keys, and links to the mailbox and the API", async () => {
    const response = await fetch(`${backend.localBackend().url}/`)
    assert.strictEqual(response.status, 200)
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/)
    const page = await response.text()
    assert.include(page, "running")
    for (const value of Object.values(LOCAL_DEVELOPMENT_KEYS)) assert.include(page, value)
    assert.include(page, `href="/mailbox"`)
    assert.include(page, `${backend.localBackend().url}/api/v1`)
    assert.include(page, `href="/api/v1"`)
    const api = await fetch(`${backend.localBackend().url}/api/v1`)
    assert.strictEqual(api.status, 200, "the API link leads somewhere")
  })

  it("never shows projects created through the API, nor their keys", async () => {
    const project = await backend.createProject({ displayName: "Shown nowhere" })
    const page = await (await fetch(`${backend.localBackend().url}/`)).text()
    assert.notInclude(page, project.id)
    assert.notInclude(page, project.secretServerKey)
    assert.notInclude(page, project.superSecretAdminKey)
    assert.notInclude(page, "Shown nowhere")
  })

  it("serves a favicon", async () => {
    const response = await fetch(`${backend.localBackend().url}/favicon.ico`)
    assert.strictEqual(response.status, 200)
    assert.strictEqual(response.headers.get("content-type"), "image/svg+xml")
    assert.match(await response.text(), /^<svg /)
  })

  it("leaves the API paths alone: health, known errors, and 404 for unknown paths", async () => {
    const health = await fetch(`${backend.localBackend().url}/api/v1/health`)
    assert.strictEqual(health.status, 200)
    // PGlite is one process: there are no other instances to hear from.
    assert.deepStrictEqual(await health.json(), { status: "ok", database: "up", notifications: "not shared" })
    const me = await fetch(`${backend.localBackend().url}/api/v1/users/me`)
    assert.strictEqual(me.status, 400, "a request without project keys is the API's error, not the page")
    assert.notInclude(await me.text(), "<html")
    const unknown = await fetch(`${backend.localBackend().url}/no-such-page`)
    assert.strictEqual(unknown.status, 404)
    const post = await fetch(`${backend.localBackend().url}/`, { method: "POST" })
    assert.notStrictEqual(post.status, 200)
  })
})
