import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import fc from "fast-check"
import { containedLookup, resolvePermissionIds } from "../../backend/src/operations/permissions/permission-closure.js"
import { ProjectPermissionDefinitions } from "../../src/services/generated/permission-definitions.js"
import { ProjectConfig } from "../../src/services/generated/project-config.js"
import { ProjectPermissions, ServerProjectPermissions } from "../../src/services/generated/project-permissions.js"
import { AdminProjects } from "../../src/services/generated/projects.js"
import { Auth } from "../../src/services/generated/auth.js"
import { adminCore, clientCore, serverCore } from "../support/clients.js"
import { type TestProject, type TestUser, uniqueEmail, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const adminLayer = (project: TestProject) =>
  Layer.mergeAll(ProjectPermissionDefinitions.layer, ProjectConfig.layer, AdminProjects.layer).pipe(
    Layer.provideMerge(adminCore(backend, project))
  )
const serverLayer = (project: TestProject) =>
  ServerProjectPermissions.layer.pipe(Layer.provideMerge(serverCore(backend, project)))
const clientLayer = (project: TestProject, user?: TestUser) =>
  Layer.mergeAll(ProjectPermissions.layer, Auth.layer).pipe(Layer.provideMerge(clientCore(backend, project, user)))

const ids = (items: ReadonlyArray<{ readonly id: string }>) => items.map((p) => p.id)

describe("project permissions over HTTP", () => {
  it.live("defined, granted, checked (recursively by default), revoked", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      yield* Effect.gen(function* () {
        const definitions = yield* ProjectPermissionDefinitions
        yield* definitions.create({ id: "read_docs" })
        yield* definitions.create({ id: "edit_docs", containedPermissionIds: ["read_docs"] })
        const clash = yield* Effect.flip(definitions.create({ id: "team_member" }))
        assert.strictEqual(clash._tag, "PermissionIdAlreadyExists")
      }).pipe(Effect.provide(adminLayer(project)))

      const server = yield* Effect.gen(function* () {
        const permissions = yield* ServerProjectPermissions
        const granted = yield* permissions.grant(user.userId, "edit_docs")
        const wrongScope = yield* Effect.flip(permissions.grant(user.userId, "$read_members"))
        return { granted, wrongScope }
      }).pipe(Effect.provide(serverLayer(project)))
      assert.deepStrictEqual(server.granted, { id: "edit_docs", userId: user.userId })
      assert.strictEqual(server.wrongScope._tag, "WrongPermissionScope")

      const seen = yield* Effect.gen(function* () {
        const permissions = yield* ProjectPermissions
        return {
          recursive: yield* permissions.list(),
          direct: yield* permissions.list({ recursive: false }),
          canRead: yield* permissions.has("read_docs"),
          canAdmin: yield* permissions.has("admin")
        }
      }).pipe(Effect.provide(clientLayer(project, user)))
      assert.deepStrictEqual(ids(seen.recursive), ["edit_docs", "read_docs"])
      assert.deepStrictEqual(ids(seen.direct), ["edit_docs"])
      assert.isTrue(seen.canRead)
      assert.isFalse(seen.canAdmin)

      const after = yield* Effect.gen(function* () {
        const permissions = yield* ServerProjectPermissions
        const indirect = yield* Effect.flip(permissions.revoke(user.userId, "read_docs"))
        yield* permissions.revoke(user.userId, "edit_docs")
        return { indirect, left: yield* permissions.list({ userId: user.userId }) }
      }).pipe(Effect.provide(serverLayer(project)))
      assert.strictEqual(after.indirect._tag, "PermissionNotFound")
      assert.deepStrictEqual(after.left, [])
    })
  )

  it("containment: the listing is the closure of the direct grants (recursive) or the grants themselves (not)", async () => {
    const project = await backend.createProject()
    const pool = ["p0", "p1", "p2", "p3", "p4"] as const
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        // Each permission contains some of the ones defined before it, and a later PATCH may close a cycle.
        fc.tuple(...pool.map((_, i) => fc.subarray(pool.slice(0, i).map(String)))),
        fc.option(fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...pool)), { nil: undefined }),
        fc.subarray([...pool], { minLength: 1 }),
        async (contained, cycle, direct) => {
          const prefix = `r${++run}_`
          const id = (p: string) => `${prefix}${p}`
          const graph = new Map<string, Array<string>>(pool.map((p, i) => [id(p), (contained[i] ?? []).map(id)]))
          if (cycle !== undefined) graph.get(id(cycle[0]))?.push(id(cycle[1]))
          const user = await backend.signUp(project)
          const listed = await Effect.runPromise(
            Effect.gen(function* () {
              const definitions = yield* ProjectPermissionDefinitions
              for (const [p, inner] of graph) {
                yield* definitions.create({
                  id: p,
                  containedPermissionIds: inner.filter(
                    (c) =>
                      c !== p &&
                      pool.indexOf(c.slice(prefix.length) as (typeof pool)[number]) <
                        pool.indexOf(p.slice(prefix.length) as (typeof pool)[number])
                  )
                })
              }
              if (cycle !== undefined)
                yield* definitions.update(id(cycle[0]), { containedPermissionIds: graph.get(id(cycle[0])) ?? [] })
              const server = yield* ServerProjectPermissions
              for (const p of direct) yield* server.grant(user.userId, id(p))
              return {
                recursive: ids(yield* server.list({ userId: user.userId })),
                direct: ids(yield* server.list({ userId: user.userId }, { recursive: false }))
              }
            }).pipe(Effect.provide(Layer.merge(adminLayer(project), serverLayer(project))))
          )
          const lookup = containedLookup([...graph].map(([p, inner]) => ({ id: p, containedPermissionIds: inner })))
          assert.deepStrictEqual(listed.recursive, [...resolvePermissionIds(direct.map(id), lookup, true)])
          assert.deepStrictEqual(listed.direct, [...direct.map(id)].sort())
        }
      ),
      { numRuns: 6 }
    )
  })
})

describe("project config and sign-up rules over HTTP", () => {
  it.live("a config change shows in the effective config and the admin project; a rule rejects a domain", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const result = yield* Effect.gen(function* () {
        const config = yield* ProjectConfig
        yield* config.override("environment", {
          "apiKeys.enabled.user": true,
          "auth.signUpRules.block_spam": {
            enabled: true,
            condition: 'emailDomain == "spam.test"',
            action: { type: "reject" }
          }
        })
        const effective = yield* config.get
        const override = yield* config.getOverride("environment")
        const admin = yield* (yield* AdminProjects).get
        const bad = yield* Effect.flip(config.override("branch", { "no.such.key": 1 }))
        return { effective, override, admin, bad }
      }).pipe(Effect.provide(adminLayer(project)))
      assert.isTrue(result.effective.apiKeys?.enabled?.user)
      assert.strictEqual(result.effective.auth?.signUpRules?.["block_spam"]?.action?.type, "reject")
      assert.isTrue(result.admin.config.allowUserApiKeys)
      assert.strictEqual(result.override["apiKeys.enabled.user"], true)
      assert.strictEqual(result.bad._tag, "HttpError")

      const signUp = (email: string) =>
        Auth.use((auth) => auth.signUpWithCredential({ email, password: "correct horse battery" })).pipe(
          Effect.provide(clientLayer(project))
        )
      const rejected = yield* Effect.flip(signUp("eve@spam.test"))
      assert.strictEqual(rejected._tag, "SignUpRejected")
      yield* signUp(uniqueEmail())
    })
  )
})
