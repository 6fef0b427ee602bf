import { assert, describe, it } from "@effect/vitest"
import { ApiKeys } from "../../src/services/generated/project-keys.js"
import { type TestProject, useKitBackend } from "../support/local-backend.js"
import { adminLayer, run, runFailure } from "./admin-support.js"

const backend = useKitBackend()

const HOUR = 3_600_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** GET /projects/current with the given project keys at the given access type; answers the known-error code or "ok". */
const probe = async (project: TestProject, accessType: "client" | "server" | "admin") => {
  const res = await backend.call(project, "GET", "/projects/current", { accessType })
  return res.status === 200 ? "ok" : res.body.code
}

describe("ApiKeys", () => {
  it("goes through the whole lifecycle: full value once, last four after, works until revoked", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const expiresAt = new Date(Date.now() + HOUR)
    const created = await run(
      layer,
      ApiKeys.use((k) =>
        k.create({
          description: "CI",
          expiresAt,
          hasPublishableClientKey: true,
          hasSecretServerKey: true,
          hasSuperSecretAdminKey: true
        })
      )
    )
    assert.strictEqual(created.description, "CI")
    assert.strictEqual(created.expiresAt.getTime(), expiresAt.getTime())
    assert.isNull(created.manuallyRevokedAt)
    assert.deepStrictEqual(created.validity, { _tag: "Valid" })
    const full = {
      publishableClientKey: created.publishableClientKey ?? "",
      secretServerKey: created.secretServerKey ?? "",
      superSecretAdminKey: created.superSecretAdminKey ?? ""
    }
    assert.match(full.publishableClientKey, /^pck_.{20,}/)
    assert.match(full.secretServerKey, /^ssk_.{20,}/)
    assert.match(full.superSecretAdminKey, /^sak_.{20,}/)

    // Afterwards only the last four characters, and nowhere the full values.
    const listed = await run(
      layer,
      ApiKeys.use((k) => k.list)
    )
    const mine = listed.find((k) => k.id === created.id)
    if (mine === undefined) return assert.fail("the new key set is listed")
    assert.deepStrictEqual(mine.publishableClientKey, { lastFour: full.publishableClientKey.slice(-4) })
    assert.deepStrictEqual(mine.secretServerKey, { lastFour: full.secretServerKey.slice(-4) })
    assert.deepStrictEqual(mine.superSecretAdminKey, { lastFour: full.superSecretAdminKey.slice(-4) })
    assert.strictEqual(listed.length, 2, "the project's first key set and the new one")
    const raw = await backend.call(project, "GET", "/internal/api-keys", { accessType: "admin" })
    for (const value of Object.values(full)) assert.notInclude(raw.text, value)
    const one = await run(
      layer,
      ApiKeys.use((k) => k.get(created.id))
    )
    assert.deepStrictEqual(one, mine)

    // The new keys authenticate on every tier.
    const withNewKeys: TestProject = { id: project.id, ...full }
    for (const tier of ["client", "server", "admin"] as const)
      assert.strictEqual(await probe(withNewKeys, tier), "ok", tier)

    const revoked = await run(
      layer,
      ApiKeys.use((k) => k.revoke(created.id))
    )
    assert.strictEqual(revoked.validity._tag, "ManuallyRevoked")
    assert.instanceOf(revoked.manuallyRevokedAt, Date)
    assert.strictEqual(await probe(withNewKeys, "client"), "INVALID_PUBLISHABLE_CLIENT_KEY")
    assert.strictEqual(await probe(withNewKeys, "server"), "INVALID_SECRET_SERVER_KEY")
    assert.strictEqual(await probe(withNewKeys, "admin"), "INVALID_SUPER_SECRET_ADMIN_KEY")
    // The project's own first keys are untouched.
    assert.strictEqual(await probe(project, "admin"), "ok")

    // Revoking again keeps the first revocation time.
    const twice = await run(
      layer,
      ApiKeys.use((k) => k.revoke(created.id))
    )
    assert.strictEqual(twice.manuallyRevokedAt?.getTime(), revoked.manuallyRevokedAt?.getTime())
  })

  it("creates only the kinds asked for", async () => {
    const project = await backend.createProject()
    const created = await run(
      adminLayer(backend, project),
      ApiKeys.use((k) =>
        k.create({
          description: "browser only",
          expiresAt: new Date(Date.now() + HOUR),
          hasPublishableClientKey: true,
          hasSecretServerKey: false,
          hasSuperSecretAdminKey: false
        })
      )
    )
    assert.isString(created.publishableClientKey)
    assert.isNull(created.secretServerKey)
    assert.isNull(created.superSecretAdminKey)
    const listed = await run(
      adminLayer(backend, project),
      ApiKeys.use((k) => k.get(created.id))
    )
    assert.isNull(listed.secretServerKey)
    // On the wire a key the set lacks is left out, as the service answers (internal/api-keys), not `null`.
    const raw = await backend.call(project, "GET", `/internal/api-keys/${created.id}`, { accessType: "admin" })
    assert.deepStrictEqual(
      Object.keys(raw.body).filter((key) => key.endsWith("_key")),
      ["publishable_client_key"]
    )
    const made = await backend.call(project, "POST", "/internal/api-keys", {
      accessType: "admin",
      body: {
        description: "server only",
        expires_at_millis: Date.now() + HOUR,
        has_publishable_client_key: false,
        has_secret_server_key: true,
        has_super_secret_admin_key: false
      }
    })
    assert.strictEqual(made.status, 200)
    assert.deepStrictEqual(
      Object.keys(made.body).filter((key) => key.endsWith("_key")),
      ["secret_server_key"]
    )
  })

  it("stops a key working once it expires", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const created = await run(
      layer,
      ApiKeys.use((k) =>
        k.create({
          description: "short-lived",
          expiresAt: new Date(Date.now() + 1_500),
          hasPublishableClientKey: true,
          hasSecretServerKey: true,
          hasSuperSecretAdminKey: false
        })
      )
    )
    const withNewKeys: TestProject = {
      id: project.id,
      publishableClientKey: created.publishableClientKey ?? "",
      secretServerKey: created.secretServerKey ?? "",
      superSecretAdminKey: project.superSecretAdminKey
    }
    assert.strictEqual(await probe(withNewKeys, "server"), "ok")
    await sleep(1_700)
    assert.strictEqual(await probe(withNewKeys, "server"), "INVALID_SECRET_SERVER_KEY")
    assert.strictEqual(await probe(withNewKeys, "client"), "INVALID_PUBLISHABLE_CLIENT_KEY")
    const after = await run(
      layer,
      ApiKeys.use((k) => k.get(created.id))
    )
    assert.deepStrictEqual(after.validity, { _tag: "Expired", expiredAt: after.expiresAt })

    // Expiry wins over a later revocation (the hosted service's order).
    const revoked = await run(
      layer,
      ApiKeys.use((k) => k.revoke(created.id))
    )
    assert.strictEqual(revoked.validity._tag, "Expired")
  })

  it("answers API_KEY_NOT_FOUND for an unknown id", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const missing = await runFailure(
      layer,
      ApiKeys.use((k) => k.get("00000000-0000-4000-8000-000000000000"))
    )
    assert.strictEqual(missing._tag, "ApiKeyNotFound")
    const revoke = await runFailure(
      layer,
      ApiKeys.use((k) => k.revoke("00000000-0000-4000-8000-000000000001"))
    )
    assert.strictEqual(revoke._tag, "ApiKeyNotFound")
    // An id that is not a UUID is refused before sending (the service's path schema refuses it too).
    const malformed = await runFailure(
      layer,
      ApiKeys.use((k) => k.revoke("nope"))
    )
    assert.strictEqual(malformed._tag, "InvalidInput")

    // Key sets of another project are not visible.
    const other = await backend.createProject()
    const theirs = await run(
      adminLayer(backend, other),
      ApiKeys.use((k) => k.list)
    )
    const first = theirs[0]
    if (first === undefined) return assert.fail("every project has a first key set")
    const foreign = await runFailure(
      layer,
      ApiKeys.use((k) => k.get(first.id))
    )
    assert.strictEqual(foreign._tag, "ApiKeyNotFound")
  })

  it("shows a project's first key set as never expiring", async () => {
    const project = await backend.createProject()
    const [first] = await run(
      adminLayer(backend, project),
      ApiKeys.use((k) => k.list)
    )
    if (first === undefined) return assert.fail("every project has a first key set")
    assert.deepStrictEqual(first.validity, { _tag: "Valid" })
    assert.isAbove(first.expiresAt.getFullYear(), 9000)
    assert.deepStrictEqual(first.publishableClientKey, { lastFour: project.publishableClientKey.slice(-4) })
  })

  it("refuses client and server access", async () => {
    const project = await backend.createProject()
    for (const accessType of ["client", "server"] as const) {
      const list = await backend.call(project, "GET", "/internal/api-keys", { accessType })
      assert.strictEqual(list.body.code, "INSUFFICIENT_ACCESS_TYPE")
      const create = await backend.call(project, "POST", "/internal/api-keys", {
        accessType,
        body: {
          description: "x",
          expires_at_millis: Date.now() + HOUR,
          has_publishable_client_key: true,
          has_secret_server_key: true,
          has_super_secret_admin_key: true
        }
      })
      assert.strictEqual(create.body.code, "INSUFFICIENT_ACCESS_TYPE")
    }
  })

  it("validates the create body", async () => {
    const project = await backend.createProject()
    const res = await backend.call(project, "POST", "/internal/api-keys", {
      accessType: "admin",
      body: { description: "x", has_publishable_client_key: "yes" }
    })
    assert.strictEqual(res.body.code, "SCHEMA_ERROR")
    assert.include(res.body.details.message, "expires_at_millis")
  })
})
