/**
 * The run's backend in test mode (backend/src/testing/control-server.ts): its control routes and headers
 * need the run's secret. Without it a control route is not there and the time and fault headers do
 * nothing; a wrong secret is refused; the right one opens a project, answers a fault and moves the time.
 * Then what the worker's proxy does for a test's project: a known error in the request's answer style, a
 * delay, a fault picked by a predicate, and each project's own time, on the token endpoint too.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { SHARED_BACKEND_VARIABLE } from "../../../backend/src/testing/control-protocol.js"
import { Fault, type RunningStackTest, startStackTest, type TestUser } from "../../../backend/src/testing/index.js"
import { workerBackend } from "../../../backend/src/testing/worker-backend.js"
import { UserNotFound } from "../../../src/errors/known/users.js"

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
    const answer = await fetch(`${worker.localBackend.apiUrl}/health`)
    assert.strictEqual(answer.status, 200)
  })
})

describe("a test's project through the worker's proxy", () => {
  const headers = (test: RunningStackTest, extra: Record<string, string> = {}) => ({
    "x-stack-access-type": "client",
    "x-stack-project-id": test.projectId,
    "x-stack-publishable-client-key": test.publishableClientKey,
    ...extra
  })

  it("answers a known error in the request's answer style, with CORS, for a predicate's match only", async () => {
    await using test = await startStackTest()
    const user = await test.createUser()
    await test.fault(
      (request) => request.method === "GET" && request.path === "/users/me",
      Fault.knownError(new UserNotFound())
    )
    const origin = "http://localhost:3000"
    const overridden = await fetch(`${test.baseUrl}/api/v1/users/me`, {
      headers: headers(test, {
        "x-stack-access-token": user.accessToken,
        "x-stack-override-error-status": "true",
        origin
      })
    })
    assert.strictEqual(overridden.status, 200)
    assert.strictEqual(overridden.headers.get("x-stack-actual-status"), "404")
    assert.strictEqual(overridden.headers.get("x-stack-known-error"), "USER_NOT_FOUND")
    assert.strictEqual(overridden.headers.get("access-control-allow-origin"), origin)
    // Used once: the next read is the backend's own answer.
    const me = await fetch(`${test.baseUrl}/api/v1/users/me`, {
      headers: headers(test, { "x-stack-access-token": user.accessToken })
    })
    assert.strictEqual(me.status, 200)
    assert.strictEqual(((await me.json()) as { readonly id: string }).id, user.id)
  })

  it("delays a request by real time, then the backend answers", async () => {
    await using test = await startStackTest()
    await test.fault("GET /projects/current", Fault.delay(150))
    const started = Date.now()
    const answer = await fetch(`${test.baseUrl}/api/v1/projects/current`, { headers: headers(test) })
    assert.strictEqual(answer.status, 200)
    assert.isAtLeast(Date.now() - started, 140)
  })

  it("gives each project its own time, also on the form-encoded token endpoint (its client_id names it)", async () => {
    await using moved = await startStackTest()
    await using still = await startStackTest()
    const movedUser = await moved.createUser()
    const stillUser = await still.createUser()
    moved.advanceTime(2 * 365 * 24 * 3_600_000)
    const refresh = (test: RunningStackTest, user: TestUser) =>
      fetch(`${test.baseUrl}/api/v1/auth/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: user.refreshToken,
          client_id: test.projectId,
          client_secret: test.publishableClientKey
        }).toString()
      })
    // Two years on, the moved project's session (a year long) is over; the other project's is not.
    const expired = await refresh(moved, movedUser)
    assert.strictEqual(expired.status, 401, await expired.clone().text())
    assert.include(await expired.text(), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    const live = await refresh(still, stillUser)
    assert.strictEqual(live.status, 200, await live.clone().text())
  })
})
