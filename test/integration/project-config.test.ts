/**
 * The config-override routes the service added (issue 28, §1.5 and §1.6): resetting keys of a level, where the
 * branch config was pushed from, and the API below `/api/latest` with every override level.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ProjectConfig } from "../../src/services/generated/project-config.js"
import { AdminProjects } from "../../src/services/generated/projects.js"
import { adminCore } from "../support/clients.js"
import { keyHeaders, type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const adminLayer = (project: TestProject) =>
  Layer.mergeAll(ProjectConfig.layer, AdminProjects.layer).pipe(Layer.provideMerge(adminCore(backend, project)))

const inProject = <A, E>(project: TestProject, program: Effect.Effect<A, E, ProjectConfig | AdminProjects>) =>
  program.pipe(Effect.provide(adminLayer(project)))

describe("resetting config keys", () => {
  it.live("removes a key and everything under it from one level, and a mapped key goes back to its default", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const result = yield* inProject(
        project,
        Effect.gen(function* () {
          const config = yield* ProjectConfig
          yield* config.override("environment", {
            "apiKeys.enabled.user": true,
            "apiKeys.enabled.team": true,
            "auth.signUpRules.r1": { enabled: true, condition: 'emailDomain == "x.test"', action: { type: "reject" } }
          })
          yield* config.resetKeys("environment", ["auth.signUpRules", "apiKeys.enabled.user"])
          const override = yield* config.getOverride("environment")
          const admin = yield* (yield* AdminProjects).get
          const projectLevel = yield* Effect.flip(config.resetKeys("project" as "branch", ["auth"]))
          return { override, admin, projectLevel }
        })
      )
      assert.deepStrictEqual(result.override, { "apiKeys.enabled.team": true })
      assert.isFalse(result.admin.config.allowUserApiKeys)
      assert.isTrue(result.admin.config.allowTeamApiKeys)
      // Only branch and environment keys can be reset, as on the service: refused before sending (the path schema).
      assert.strictEqual(result.projectLevel._tag, "InvalidInput")
    })
  )

  it.live("refuses server access (admin only)", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const answer = yield* Effect.promise(() =>
        backend.call(project, "POST", "/internal/config/override/branch/reset-keys", {
          accessType: "server",
          body: { keys: [] }
        })
      )
      assert.strictEqual(answer.knownError, "INSUFFICIENT_ACCESS_TYPE")
    })
  )
})

describe("the branch config's source", () => {
  it.live("is unlinked until a branch PUT says where it came from, and unlinked again on DELETE", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const result = yield* inProject(
        project,
        Effect.gen(function* () {
          const config = yield* ProjectConfig
          const before = yield* config.getSource
          const github = {
            type: "pushed-from-github",
            owner: "acme",
            repo: "app",
            branch: "main",
            commitHash: "0123abc",
            configFilePath: "stack.config.ts"
          } as const
          yield* config.replace("branch", { "teams.allowClientTeamCreation": true }, github)
          const pushed = yield* config.getSource
          // Another level's source is not kept.
          yield* config.replace("environment", {}, { type: "pushed-from-unknown" })
          const still = yield* config.getSource
          yield* config.unlinkSource
          const after = yield* config.getSource
          return { before, pushed, still, after, github }
        })
      )
      assert.deepStrictEqual(result.before, { type: "unlinked" })
      assert.deepStrictEqual(result.pushed, result.github)
      assert.deepStrictEqual(result.still, result.github)
      assert.deepStrictEqual(result.after, { type: "unlinked" })
      const wire = yield* Effect.promise(() =>
        backend.call(project, "GET", "/internal/config/source", { accessType: "admin" })
      )
      assert.deepStrictEqual(wire.body, { source: { type: "unlinked" } })
    })
  )
})

describe("/api/latest", () => {
  const latest = (project: TestProject, method: string, path: string, body?: unknown) =>
    Effect.promise(async () => {
      const response = await fetch(`${backend.localBackend().url}/api/latest${path}`, {
        method,
        headers: {
          ...keyHeaders(project, "admin"),
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { status: response.status, body: (await response.json()) as unknown }
    })

  it.live("serves the API below /api/latest too, with every config override level", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      for (const [level, key] of [
        ["project", "project.requirePublishableClientKey"],
        ["branch", "teams.allowClientTeamCreation"],
        ["environment", "domains.allowLocalhost"]
      ] as const) {
        const written = yield* latest(project, "PATCH", `/internal/config/override/${level}`, {
          config_override_string: JSON.stringify({ [key]: true })
        })
        assert.deepStrictEqual(written, { status: 200, body: { success: true } })
        const read = yield* latest(project, "GET", `/internal/config/override/${level}`)
        assert.deepStrictEqual(read, { status: 200, body: { config_string: JSON.stringify({ [key]: true }) } })
      }
      const current = yield* latest(project, "GET", "/projects/current")
      assert.strictEqual(current.status, 200)
      assert.include(current.body as object, { id: project.id })
    })
  )
})
