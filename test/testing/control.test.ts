/**
 * The run's backend in test mode (backend/src/testing/control-server.ts): its control routes and headers
 * need the run's secret. Without it a control route is not there and the time and fault headers do
 * nothing; a wrong secret is refused; the right one opens a project, answers a fault and moves the time.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { SHARED_BACKEND_VARIABLE } from "../../backend/src/testing/control-protocol.js"
import { workerBackend } from "../../backend/src/testing/worker-backend.js"

/** The run's backend, as the global setup names it (a worker without one started its own, unnamed). */
const backend = async () => {
  const named = process.env[SHARED_BACKEND_VARIABLE]
  assert.isDefined(named, "the integration project's global setup names the run's backend")
  return JSON.parse(named ?? "{}") as { readonly url: string; readonly secret: string }
}

const openProject = (url: string, headers: Record<string, string>) =>
  fetch(`${url}/__stackfx-test/projects`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ displayName: "Control test", config: {} })
  })

describe("the testing kit's control of the run's backend", () => {
  it("hides its control routes from a request without the secret and refuses a wrong one", async () => {
    const { url, secret } = await backend()
    assert.strictEqual((await openProject(url, {})).status, 404)
    assert.strictEqual((await openProject(url, { "x-stackfx-test-secret": `${secret}x` })).status, 403)
    assert.strictEqual((await openProject(url, { "x-stackfx-test-secret": "short" })).status, 403)
    const opened = await openProject(url, { "x-stackfx-test-secret": secret })
    assert.strictEqual(opened.status, 201)
    const project = (await opened.json()) as { readonly projectId: string }
    const deleted = await fetch(`${url}/__stackfx-test/projects/${project.projectId}`, {
      method: "DELETE",
      headers: { "x-stackfx-test-secret": secret }
    })
    assert.strictEqual(deleted.status, 204)
  })

  it("answers a fault or a time only with the secret", async () => {
    const { url, secret } = await backend()
    const fault = Buffer.from(
      JSON.stringify({ _tag: "Status", status: 503, body: "injected", headers: {} }),
      "utf8"
    ).toString("base64url")
    const health = (headers: Record<string, string>) => fetch(`${url}/health`, { headers })
    // Without the secret the fault header is an ordinary header: the backend answers as usual.
    assert.strictEqual((await health({ "x-stackfx-test-fault": fault })).status, 200)
    assert.strictEqual((await health({ "x-stackfx-test-fault": fault, "x-stackfx-test-secret": "nope" })).status, 403)
    const faulted = await health({ "x-stackfx-test-fault": fault, "x-stackfx-test-secret": secret })
    assert.strictEqual(faulted.status, 503)
    assert.strictEqual(await faulted.text(), "injected")
    const unreadable = await health({ "x-stackfx-test-fault": "%%%", "x-stackfx-test-secret": secret })
    assert.strictEqual(unreadable.status, 400)
  })

  it("reaches the workers' tests through their proxy, which the kit's clients use", async () => {
    const { url } = await backend()
    const worker = await Effect.runPromise(workerBackend)
    assert.notStrictEqual(worker.url, url)
    const answer = await fetch(`${worker.emulator.apiUrl}/health`)
    assert.strictEqual(answer.status, 200)
  })
})
