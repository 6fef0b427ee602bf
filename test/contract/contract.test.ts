/**
 * The contract and what derives from it: the local backend serves every declaration (contract/*.ts) and
 * nothing undeclared below `/api/v1` apart from its documented extensions; the generated files are those
 * `npm run generate` writes from the declarations today.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { apiRoutes, servedDeclarations } from "../../backend/src/routes/index.js"
import { allDeclarations } from "../../scripts/contract/declarations.js"
import { serviceTagSources, staleTagModules } from "../../scripts/contract/service-tags.js"

/** What the local backend serves beside the hosted API (docs/architecture.md, "The local backend's extensions"). */
const extensions = new Set([
  "GET /health",
  "GET /local-backend/oauth-providers/:providerId",
  "PUT /local-backend/oauth-providers/:providerId"
])

const routeOf = (declaration: { readonly method: string; readonly path: string }) =>
  `${declaration.method} ${declaration.path.replace(/\{([^}]+)\}/g, ":$1")}`

describe("the contract", () => {
  it("every declaration is served once, by the route of its method and path", async () => {
    const declarations = await allDeclarations()
    const names = declarations.map((declaration) => declaration.name)
    assert.deepStrictEqual([...new Set(names)], names, "declaration names are unique")
    for (const declaration of declarations) {
      const serving = servedDeclarations.filter((served) => served === declaration)
      assert.strictEqual(serving.length, 1, `${declaration.name} (${routeOf(declaration)}) is served once`)
    }
    for (const served of servedDeclarations)
      assert.isTrue(declarations.includes(served), `${served.name} is in src/contract`)
  })

  it("a declaration's params schemas name only its path's parameters, and its input order each part once", async () => {
    for (const declaration of await allDeclarations()) {
      const inPath = [...declaration.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
      for (const name of Object.keys(declaration.params ?? {}))
        assert.include(inPath, name, `${declaration.name}: params.${name} is a parameter of ${declaration.path}`)
      const order = declaration.inputOrder ?? []
      assert.deepStrictEqual([...new Set(order)], [...order], `${declaration.name}: inputOrder names each part once`)
    }
  })

  it("nothing is served below /api/v1 that is not declared, apart from the backend's extensions", async () => {
    const declared = new Set((await allDeclarations()).map(routeOf))
    const routes = apiRoutes.map((route) => `${route.method} ${route.path}`)
    for (const route of routes) {
      assert.isTrue(declared.has(route) || extensions.has(route), `${route} is declared`)
    }
    for (const route of extensions) assert.isTrue(routes.includes(route), `${route} is still served`)
  })

  it("the services' tag modules and live.ts are generated from today's service modules (npm run generate)", async () => {
    const sources = await serviceTagSources()
    for (const [file, text] of sources) assert.strictEqual(readFileSync(file, "utf8"), text, file)
    assert.deepStrictEqual(staleTagModules(sources), [])
  })
})
