import { assert, describe, it } from "@effect/vitest"
import { useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const preflight = (origin: string, headers = "x-stack-project-id, x-stack-access-type, content-type, traceparent") =>
  fetch(`${backend.localBackend().apiUrl}/users/me`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": headers }
  })

describe("CORS", () => {
  it("answers preflights from localhost origins and allows the x-stack-* headers only", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:5173"]) {
      const response = await preflight(origin)
      assert.strictEqual(response.status, 204)
      assert.strictEqual(response.headers.get("access-control-allow-origin"), origin)
      const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(", ")
      assert.includeMembers(allowed, ["x-stack-project-id", "x-stack-access-type", "content-type"])
      assert.notInclude(allowed, "traceparent")
      assert.include(response.headers.get("access-control-allow-methods") ?? "", "PATCH")
    }
  })

  it("refuses unknown origins and allows a project's trusted domain", async () => {
    const refused = await preflight("https://evil.example.org")
    assert.isNull(refused.headers.get("access-control-allow-origin"))
    await backend.createProject({
      config: { domains: [{ domain: "https://trusted.example.com", handler_path: "/handler" }] }
    })
    const allowed = await preflight("https://trusted.example.com")
    assert.strictEqual(allowed.headers.get("access-control-allow-origin"), "https://trusted.example.com")
  })

  it("exposes the error headers on real responses, errors included", async () => {
    const project = backend.internal()
    const result = await backend.call(project, "GET", "/users/me", { headers: { origin: "http://localhost:3000" } })
    assert.strictEqual(result.knownError, "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual(result.headers.get("access-control-allow-origin"), "http://localhost:3000")
    assert.strictEqual(
      result.headers.get("access-control-expose-headers"),
      "x-hexclave-actual-status, x-stack-actual-status, x-hexclave-known-error, x-stack-known-error, " +
        "x-hexclave-request-id, x-stack-request-id, content-type"
    )
    assert.strictEqual(result.headers.get("cache-control"), "no-store")
    const notFound = await fetch(`${backend.localBackend().apiUrl}/no/such/route`, {
      headers: { origin: "http://localhost:3000" }
    })
    assert.strictEqual(notFound.status, 404)
    assert.strictEqual(notFound.headers.get("cache-control"), "no-store")
  })
})
