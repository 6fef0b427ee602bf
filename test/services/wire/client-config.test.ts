import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { makeClientConfig, packageVersion } from "../../../src/services/wire/client-config.js"

describe("client config", () => {
  it("the client version header names this package at its package.json version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      name: string
      version: string
    }
    assert.strictEqual(packageVersion, pkg.version)
    const config = makeClientConfig({ projectId: "p", accessType: "client" })
    assert.strictEqual(config.clientVersion, `js ${pkg.name}@${pkg.version}`)
  })

  it("defaults to the hosted API, strips trailing slashes, and allows third-party diagnostics", () => {
    const hosted = makeClientConfig({ projectId: "p", accessType: "server", secretServerKey: "s" })
    assert.strictEqual(hosted.baseUrl, "https://api.hexclave.com")
    assert.isTrue(hosted.thirdPartyDiagnostics)
    assert.isFalse(hosted.allowAnonymousUser)
    assert.isFalse(hosted.allowRestrictedUser)
    assert.strictEqual(hosted.secretServerKey, "s")
    assert.isUndefined(hosted.publishableClientKey)
    const local = makeClientConfig({ projectId: "p", accessType: "client", baseUrl: "http://localhost:8102//" })
    assert.strictEqual(local.baseUrl, "http://localhost:8102")
  })
})
