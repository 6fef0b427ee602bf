import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { type FaultProxy, faults, startFaultProxy } from "../support/fault-proxy.js"
import { type EchoServer, startEchoServer } from "./support/echo-server.js"

// The proxy on its own, against a tiny echo server, with plain fetch: each fault has the wire shape the
// client tests rely on, and the records say exactly what reached the target.

let echo: EchoServer
let proxy: FaultProxy

beforeAll(async () => {
  echo = await startEchoServer()
  proxy = await startFaultProxy(echo.url)
})
afterAll(async () => {
  await proxy.close()
  await echo.close()
})
beforeEach(() => proxy.reset())

const post = (path: string, body: unknown) =>
  fetch(`${proxy.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": "p" },
    body: JSON.stringify(body)
  })

const fetchError = async (promise: Promise<Response>): Promise<string> => {
  try {
    const res = await promise
    await res.text()
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : ""
    return `${String(error)} ${cause}`
  }
  return "no error"
}

describe("fault proxy", () => {
  it("passes requests through with method, path, query, headers and body, and records them", async () => {
    const res = await post("/api/v1/users?limit=2", { email: "a@example.com" })
    assert.strictEqual(res.status, 200)
    assert.strictEqual(res.headers.get("x-echo"), "yes")
    assert.deepStrictEqual(await res.json(), {
      method: "POST",
      url: "/api/v1/users?limit=2",
      body: JSON.stringify({ email: "a@example.com" })
    })
    assert.strictEqual(echo.requests.at(-1)?.headers["x-stack-project-id"], "p")
    assert.strictEqual(proxy.arrivals.length, 1)
    assert.strictEqual(proxy.arrivals[0]?.fault, "pass")
    assert.strictEqual(proxy.arrivals[0]?.path, "/api/v1/users")
    assert.deepStrictEqual(
      proxy.upstream.map((r) => [r.method, r.url, r.body, r.status]),
      [["POST", "/api/v1/users?limit=2", JSON.stringify({ email: "a@example.com" }), 200]]
    )
  })

  it("applies queued faults in order to API requests only, then the plan", async () => {
    proxy.enqueue(faults.serverError(503), faults.serverError(502))
    const health = await fetch(`${proxy.url}/health`)
    assert.strictEqual(health.status, 200, "health probes are not API requests and skip the queue")
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/a`)).status, 503)
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/a`)).status, 502)
    proxy.setPlan((req) => (req.method === "DELETE" ? faults.serverError(500) : faults.pass))
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/a`, { method: "DELETE" })).status, 500)
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/a`)).status, 200)
    assert.deepStrictEqual(
      proxy.arrivals.map((a) => a.fault),
      ["pass", "503", "502", "500", "pass"]
    )
    assert.deepStrictEqual(
      proxy.upstream.map((r) => r.path),
      ["/health", "/api/v1/a"]
    )
  })

  it("answers 429 with and without Retry-After, raw or under the status override", async () => {
    proxy.enqueue(faults.rateLimited(), faults.rateLimited({ retryAfter: "2" }), faults.rateLimited({ override: true }))
    const plain = await fetch(`${proxy.url}/api/v1/x`)
    assert.strictEqual(plain.status, 429)
    assert.isNull(plain.headers.get("retry-after"))
    const after = await fetch(`${proxy.url}/api/v1/x`)
    assert.strictEqual(after.status, 429)
    assert.strictEqual(after.headers.get("retry-after"), "2")
    const over = await fetch(`${proxy.url}/api/v1/x`)
    assert.strictEqual(over.status, 200)
    assert.strictEqual(over.headers.get("x-stack-actual-status"), "429")
    assert.strictEqual(proxy.upstream.length, 0)
  })

  it("answers 500/502/503 and 508 INFINITE_LOOP_DETECTED without reaching the target", async () => {
    proxy.enqueue(faults.serverError(500), faults.serverError(502), faults.serverError(503), faults.loopDetected())
    const statuses: Array<number> = []
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${proxy.url}/api/v1/x`)).status)
    assert.deepStrictEqual(statuses, [500, 502, 503, 508])
    const loop = proxy.arrivals.at(-1)
    assert.strictEqual(loop?.fault, "508-loop")
    proxy.enqueue(faults.loopDetected())
    assert.strictEqual(await (await fetch(`${proxy.url}/api/v1/x`)).text(), "INFINITE_LOOP_DETECTED")
    assert.strictEqual(proxy.upstream.length, 0)
  })

  it("forwards first when asked, then replaces the answer", async () => {
    proxy.enqueue(faults.serverError(503, { forward: true }))
    const res = await post("/api/v1/users", { n: 1 })
    assert.strictEqual(res.status, 503)
    assert.strictEqual(proxy.upstream.length, 1)
  })

  it("drops the connection before the target sees the request", async () => {
    proxy.enqueue(faults.dropBeforeUpstream)
    const before = echo.requests.length
    const error = await fetchError(post("/api/v1/users", { n: 2 }))
    assert.match(error, /fetch failed/)
    assert.strictEqual(echo.requests.length, before)
    assert.strictEqual(proxy.upstream.length, 0)
    assert.strictEqual(proxy.arrivals[0]?.fault, "drop-before")
  })

  it("drops the connection after the target handled the request", async () => {
    proxy.enqueue(faults.dropAfterUpstream)
    const before = echo.requests.length
    const error = await fetchError(post("/api/v1/users", { n: 3 }))
    assert.match(error, /fetch failed/)
    assert.strictEqual(echo.requests.length, before + 1)
    assert.deepStrictEqual(
      proxy.upstream.map((r) => [r.method, r.body, r.status]),
      [["POST", JSON.stringify({ n: 3 }), 200]]
    )
    // The proxy keeps working for the next request.
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/x`)).status, 200)
  })

  it("cuts the answer off halfway through the body", async () => {
    proxy.enqueue(faults.dropMidAnswer)
    const res = await post("/api/v1/users", { n: 4 })
    assert.strictEqual(res.status, 200, "the status line and headers arrive")
    const error = await fetchError(Promise.resolve(res))
    assert.match(error, /terminated|other side closed|ECONNRESET|aborted/i)
    assert.strictEqual(proxy.upstream.length, 1)
  })

  it("delays answers by real time, then applies the next fault", async () => {
    // The proxy's real delay is what is under test here, so real time is measured.
    proxy.enqueue(faults.delay(150), faults.delay(50, faults.serverError(503)))
    const start = Date.now()
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/x`)).status, 200)
    assert.isAtLeast(Date.now() - start, 140)
    assert.strictEqual((await fetch(`${proxy.url}/api/v1/x`)).status, 503)
    assert.deepStrictEqual(
      proxy.arrivals.map((a) => a.fault),
      ["delay-150", "delay-50+503"]
    )
  })

  it("does not forward a held request whose client gave up", async () => {
    proxy.enqueue(faults.hold(new Promise<void>(() => {})))
    const client = new AbortController()
    const gaveUp = fetchError(fetch(`${proxy.url}/api/v1/x`, { method: "POST", signal: client.signal }))
    await proxy.arrived(1)
    client.abort()
    assert.match(await gaveUp, /abort/i)
    // The hold ends when the proxy sees the client leave; `release` is never called.
    await proxy.settled()
    assert.deepStrictEqual(
      proxy.arrivals.map((a) => a.fault),
      ["held"]
    )
    assert.strictEqual(proxy.upstream.length, 0)
  })

  it("holds a request until released, then applies the next fault", async () => {
    let release: () => void = () => {}
    proxy.enqueue(faults.hold(new Promise<void>((resolve) => (release = resolve)), faults.serverError(503)))
    let answered = false
    const answer = fetch(`${proxy.url}/api/v1/x`).then((res) => {
      answered = true
      return res.status
    })
    await proxy.arrived(1)
    assert.isFalse(answered)
    assert.strictEqual(proxy.upstream.length, 0)
    release()
    assert.strictEqual(await answer, 503)
  })

  it("answers 200 JSON that does not parse", async () => {
    proxy.enqueue(faults.malformedJson())
    const res = await fetch(`${proxy.url}/api/v1/x`)
    assert.strictEqual(res.status, 200)
    assert.strictEqual(res.headers.get("content-type"), "application/json")
    const text = await res.text()
    assert.throws(() => JSON.parse(text))
  })

  it("sends known errors under the override convention, matching or not matching the body", async () => {
    proxy.enqueue(
      faults.knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401),
      faults.knownErrorMismatch({ headerCode: "USER_NOT_FOUND", bodyCode: "TEAM_NOT_FOUND", status: 404 })
    )
    const known = await fetch(`${proxy.url}/api/v1/auth/oauth/token`, { method: "POST" })
    assert.strictEqual(known.status, 200)
    assert.strictEqual(known.headers.get("x-stack-actual-status"), "401")
    assert.strictEqual(known.headers.get("x-stack-known-error"), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    assert.strictEqual(((await known.json()) as { code: string }).code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
    const mismatch = await fetch(`${proxy.url}/api/v1/users/me`)
    assert.strictEqual(mismatch.status, 200)
    assert.strictEqual(mismatch.headers.get("x-stack-actual-status"), "404")
    assert.strictEqual(mismatch.headers.get("x-stack-known-error"), "USER_NOT_FOUND")
    assert.strictEqual(((await mismatch.json()) as { code: string }).code, "TEAM_NOT_FOUND")
  })

  it("answers 502 when the target is down, and records the failed forward", async () => {
    const lonely = await startFaultProxy("http://127.0.0.1:1")
    try {
      const res = await fetch(`${lonely.url}/api/v1/x`)
      assert.strictEqual(res.status, 502)
      assert.deepStrictEqual(
        lonely.upstream.map((r) => r.status),
        [undefined]
      )
    } finally {
      await lonely.close()
    }
  })
})
