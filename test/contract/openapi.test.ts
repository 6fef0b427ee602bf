/**
 * docs/openapi.json: generated from the declarations (`npm run generate`), and describing exactly what the
 * local backend serves below /api/v1 from them (the route table; the backend's extensions are not in it).
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { apiRoutes } from "../../backend/src/routes/index.js"
import { openApiFile, openApiSource } from "../../scripts/contract/openapi.js"

describe("the OpenAPI document", () => {
  it("is the one the declarations generate today", async () => {
    assert.strictEqual(readFileSync(openApiFile, "utf8"), await openApiSource())
  })

  it("names only operations the local backend serves, each with its access types and known errors", () => {
    const document = JSON.parse(readFileSync(openApiFile, "utf8")) as {
      readonly paths: Record<string, Record<string, Record<string, unknown>>>
    }
    const served = new Set(apiRoutes.map((route) => `${route.method} ${route.path}`))
    let operations = 0
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++
        const route = `${method.toUpperCase()} ${(path.replace(/^\/api\/v1/, "") || "/").replace(/\{([^}]+)\}/g, ":$1")}`
        assert.isTrue(served.has(route), `${route} is served`)
        assert.property(operation, "x-stack-access")
        assert.property(operation, "x-stack-known-errors")
      }
    }
    assert.isAbove(operations, 0)
  })
})
