import { assert, describe, it } from "@effect/vitest"
import { productionModeMessages } from "../../src/domain/rules/production-mode.js"
import { AdminProjects, Projects } from "../../src/services/generated/projects.js"
import { FeatureSupport } from "../../src/services/generated/feature-support.js"
import { InternalProjects } from "../../src/services/generated/internal-projects.js"
import { type TestProject, useKitBackend } from "../support/local-backend.js"
import { adminLayer, adminTokenLayer, clientLayer, run, runFailure } from "./admin-support.js"

const backend = useKitBackend({ ownedProjects: true })

/** A project whose trusted domains and localhost switch are set as given. */
const projectWith = (config: { readonly allow_localhost: boolean; readonly domains: ReadonlyArray<string> }) =>
  backend.createProject({
    config: {
      allow_localhost: config.allow_localhost,
      domains: config.domains.map((domain) => ({ domain, handler_path: "/handler" }))
    }
  })

const productionCases: ReadonlyArray<{
  readonly rule: string
  readonly allowLocalhost: boolean
  readonly domain: string | undefined
  readonly message: string
}> = [
  {
    rule: "allow-localhost is on",
    allowLocalhost: true,
    domain: undefined,
    message: productionModeMessages.allowLocalhost
  },
  {
    rule: "a trusted domain is localhost",
    allowLocalhost: false,
    domain: "https://localhost:3000",
    message: productionModeMessages.localhost("https://localhost:3000")
  },
  {
    rule: "a trusted domain is a direct IP",
    allowLocalhost: false,
    domain: "https://203.0.113.7",
    message: productionModeMessages.directIp("https://203.0.113.7")
  },
  {
    rule: "a trusted domain is not HTTPS",
    allowLocalhost: false,
    domain: "http://app.example.com",
    message: productionModeMessages.notHttps("http://app.example.com")
  }
]

describe("Projects (client view)", () => {
  it("reads the current project without admin fields", async () => {
    const project = await backend.createProject({ displayName: "Client view", config: { magic_link_enabled: true } })
    const current = await run(
      clientLayer(backend, project),
      Projects.use((p) => p.current)
    )
    assert.strictEqual(current.id, project.id)
    assert.strictEqual(current.displayName, "Client view")
    assert.isTrue(current.config.magicLinkEnabled)
    assert.isFalse(current.config.allowUserApiKeys)
    assert.deepStrictEqual(current.config.domains, [])
    assert.notProperty(current.config, "oauthProviders")
  })

  it("reads the same client view with the admin key (GET /projects/current serves no admin view any more)", async () => {
    const project = await backend.createProject({ displayName: "Same for all" })
    const raw = await backend.call(project, "GET", "/projects/current", { accessType: "admin" })
    assert.deepStrictEqual(Object.keys(raw.body).sort(), [
      "config",
      "config_warnings",
      "display_name",
      "id",
      "is_development_environment",
      "pushed_config_error"
    ])
  })
})

describe("AdminProjects", () => {
  it("gets and updates the project, its trusted domains and OAuth providers", async () => {
    const project = await backend.createProject({ displayName: "Before" })
    const layer = adminLayer(backend, project)
    const before = await run(
      layer,
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(before.displayName, "Before")
    assert.strictEqual(before.ownerTeamId, project.owner?.teamId)
    assert.strictEqual(before.onboardingStatus, "completed")
    assert.isNull(before.logoUrl)
    assert.isFalse(before.isProductionMode)

    const updated = await run(
      layer,
      AdminProjects.use((p) =>
        p.update({
          displayName: "After",
          description: "described",
          config: {
            domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
            oauthProviders: [
              { id: "github", type: "shared" },
              { id: "google", type: "standard", clientId: "cid", clientSecret: "secret" }
            ],
            signUpEnabled: false,
            allowTeamApiKeys: true,
            oauthAccountMergeStrategy: "allow_duplicates",
            requireEmailVerification: true
          },
          logoUrl: "https://app.example.com/logo.svg"
        })
      )
    )
    assert.strictEqual(updated.displayName, "After")
    assert.strictEqual(updated.description, "described")
    assert.deepStrictEqual(updated.config.domains, [{ domain: "https://app.example.com", handlerPath: "/auth" }])
    assert.deepStrictEqual(updated.config.enabledOauthProviders, [{ id: "github" }, { id: "google" }])
    assert.deepStrictEqual(updated.config.oauthProviders[1], {
      providerConfigId: "google",
      id: "google",
      type: "standard",
      clientId: "cid",
      clientSecret: "secret"
    })
    assert.isFalse(updated.config.signUpEnabled)
    assert.isTrue(updated.config.allowTeamApiKeys)
    assert.strictEqual(updated.config.oauthAccountMergeStrategy, "allow_duplicates")
    assert.strictEqual(updated.logoUrl, "https://app.example.com/logo.svg")

    // The change is visible through every view, so no stale cached copy is served.
    const again = await run(
      layer,
      AdminProjects.use((p) => p.get)
    )
    assert.deepStrictEqual(again, updated)
    const clientView = await run(
      clientLayer(backend, project),
      Projects.use((p) => p.current)
    )
    assert.isFalse(clientView.config.signUpEnabled)
    assert.deepStrictEqual(clientView.config.enabledOauthProviders, [{ id: "github" }, { id: "google" }])
    assert.deepStrictEqual(clientView.config.domains, [{ domain: "https://app.example.com", handlerPath: "/auth" }])
  })

  it("accepts duplicate domains and unknown default permissions like the hosted service now does", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const updated = await run(
      layer,
      AdminProjects.use((p) =>
        p.update({
          config: {
            domains: [
              { domain: "https://a.example", handlerPath: "/h" },
              { domain: "https://a.example", handlerPath: "/x" }
            ],
            teamMemberDefaultPermissions: [{ id: "no_such_permission" }]
          }
        })
      )
    )
    assert.strictEqual(updated.config.domains.length, 2)
    assert.deepStrictEqual(updated.config.teamMemberDefaultPermissions, [{ id: "no_such_permission" }])
  })

  it("the backend refuses the keys the service dropped with SCHEMA_ERROR, so the client no longer has them", async () => {
    const project = await backend.createProject()
    const legacy = await backend.call(project, "PATCH", "/internal/projects/current", {
      accessType: "admin",
      body: {
        config: { legacy_global_jwt_signing: true, oauth_providers: [{ id: "github", type: "shared", enabled: true }] }
      }
    })
    assert.strictEqual(legacy.knownError, "SCHEMA_ERROR")
    assert.include(legacy.body.details.message, "body.config contains unknown properties: legacy_global_jwt_signing")
    assert.include(legacy.body.details.message, "body.config.oauth_providers[0] contains unknown properties: enabled")
  })

  it("an unknown email theme is the service's plain 400", async () => {
    const project = await backend.createProject()
    const error = await runFailure(
      adminLayer(backend, project),
      AdminProjects.use((p) => p.update({ config: { emailTheme: "not-a-theme" } }))
    )
    assert.strictEqual(error._tag, "HttpError")
  })

  for (const c of productionCases) {
    it(`refuses production mode when ${c.rule}, in the client (the server, like the hosted one, does not check)`, async () => {
      const project = await projectWith({
        allow_localhost: c.allowLocalhost,
        domains: c.domain === undefined ? ["https://ok.example.com"] : [c.domain]
      })
      const error = await runFailure(
        adminLayer(backend, project),
        AdminProjects.use((p) => p.update({ isProductionMode: true }))
      )
      assert.strictEqual(error._tag, "ProductionModeNotReady")
      if (error._tag !== "ProductionModeNotReady") return
      assert.deepStrictEqual(error.problems, [
        { message: c.message, relativeFixUrl: `/projects/${project.id}/domains` }
      ])

      const after = await run(
        adminLayer(backend, project),
        AdminProjects.use((p) => p.get)
      )
      assert.isFalse(after.isProductionMode)

      // The hosted service accepts the switch from a client that skips the check; so does the local one.
      const raw = await backend.call(project, "PATCH", "/internal/projects/current", {
        accessType: "admin",
        body: { is_production_mode: true }
      })
      assert.strictEqual(raw.status, 200, raw.text)
      assert.isTrue(raw.body.is_production_mode)
    })
  }

  it("lists every problem at once", async () => {
    const project = await projectWith({
      allow_localhost: true,
      domains: ["http://a.example.com", "https://198.51.100.4"]
    })
    const error = await runFailure(
      adminLayer(backend, project),
      AdminProjects.use((p) => p.update({ isProductionMode: true }))
    )
    assert.strictEqual(error._tag, "ProductionModeNotReady")
    if (error._tag !== "ProductionModeNotReady") return
    assert.deepStrictEqual(
      error.problems.map((p) => p.message),
      [
        productionModeMessages.allowLocalhost,
        productionModeMessages.notHttps("http://a.example.com"),
        productionModeMessages.directIp("https://198.51.100.4")
      ]
    )
  })

  it("accepts production mode with clean https domains and keeps checking while in it", async () => {
    const project = await projectWith({ allow_localhost: true, domains: [] })
    const layer = adminLayer(backend, project)
    const live = await run(
      layer,
      AdminProjects.use((p) =>
        p.update({
          isProductionMode: true,
          config: { allowLocalhost: false, domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }] }
        })
      )
    )
    assert.isTrue(live.isProductionMode)

    const error = await runFailure(
      layer,
      AdminProjects.use((p) =>
        p.update({ config: { domains: [{ domain: "http://insecure.example.com", handlerPath: "/handler" }] } })
      )
    )
    assert.strictEqual(error._tag, "ProductionModeNotReady")
    // Leaving production mode needs no check.
    const off = await run(
      layer,
      AdminProjects.use((p) => p.update({ isProductionMode: false, config: { allowLocalhost: true } }))
    )
    assert.isFalse(off.isProductionMode)
  })

  it("deletes the project; its keys stop working", async () => {
    const project = await backend.createProject()
    await run(
      adminLayer(backend, project),
      AdminProjects.use((p) => p.delete)
    )
    const after = await backend.call(project, "GET", "/projects/current", { accessType: "client" })
    // The service names a project that does not exist before it looks at the keys.
    assert.strictEqual(after.body.code, "CURRENT_PROJECT_NOT_FOUND")
    const internal = await backend.call(backend.internal(), "DELETE", "/internal/projects/current", {
      accessType: "admin"
    })
    assert.strictEqual(internal.status, 400)
  })

  it("refuses client and server access to the admin routes", async () => {
    const project = await backend.createProject()
    for (const accessType of ["client", "server"] as const) {
      for (const method of ["GET", "PATCH", "DELETE"]) {
        const res = await backend.call(project, method, "/internal/projects/current", {
          accessType,
          body: method === "PATCH" ? {} : undefined
        })
        assert.strictEqual(res.status, 401, `${accessType} ${method}`)
        assert.strictEqual(res.body.code, "INSUFFICIENT_ACCESS_TYPE")
        assert.deepStrictEqual(res.body.details, { actual_access_type: accessType, allowed_access_types: ["admin"] })
      }
    }
  })
})

describe("admin access tokens", () => {
  it("work for the owner and fail for anyone else", async () => {
    const project = await backend.createProject({ displayName: "Owned" })
    const owner = project.owner
    if (owner === undefined) return assert.fail("createProject gives an owner")
    const mine = await run(
      adminTokenLayer(backend, project.id, owner.accessToken),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(mine.displayName, "Owned")

    const stranger = await backend.signUp(backend.internal())
    const error = await runFailure(
      adminTokenLayer(backend, project.id, stranger.accessToken),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(error._tag, "AdminAccessTokenIsNotAdmin")

    const garbage = await runFailure(
      adminTokenLayer(backend, project.id, "not-a-jwt"),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(garbage._tag, "UnparsableAdminAccessToken")

    // A token of a user of another project is not an internal user's token.
    const outsider = await backend.signUp(project)
    const foreign = await runFailure(
      adminTokenLayer(backend, project.id, outsider.accessToken),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(foreign._tag, "AdminAccessTokenIsNotAdmin")
  })
})

describe("InternalProjects", () => {
  it("creates and lists the signed-in internal user's projects", async () => {
    const user = await backend.signUp(backend.internal())
    const ownerTeamId = await backend.createOwnerTeam(user)
    const layer = clientLayer(backend, backend.internal(), user)
    const created = await run(
      layer,
      InternalProjects.use((p) =>
        p.create({ displayName: "From the client", ownerTeamId, config: { credentialEnabled: false } })
      )
    )
    assert.strictEqual(created.project.displayName, "From the client")
    assert.strictEqual(created.project.ownerTeamId, ownerTeamId)
    assert.isFalse(created.project.config.credentialEnabled)
    // The client made the first key set with the owner's token, as it does against the hosted service.
    const keys = created.keys
    if (keys === null) return assert.fail("the first keys are made right after the project")

    const list = await run(
      layer,
      InternalProjects.use((p) => p.list)
    )
    assert.deepStrictEqual(
      list.map((p) => p.id),
      [created.project.id]
    )

    // The new project's keys work, and so does the owner's token as its admin access token.
    const newProject: TestProject = {
      id: created.project.id,
      publishableClientKey: keys.publishableClientKey ?? "",
      secretServerKey: keys.secretServerKey ?? "",
      superSecretAdminKey: keys.superSecretAdminKey ?? ""
    }
    const viaKeys = await run(
      adminLayer(backend, newProject),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(viaKeys.id, created.project.id)
    const viaToken = await run(
      adminTokenLayer(backend, created.project.id, user.accessToken),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(viaToken.id, created.project.id)
  })

  it("refuses an owner team the user is not a member of", async () => {
    const user = await backend.signUp(backend.internal())
    const stranger = await backend.signUp(backend.internal())
    const theirs = await backend.createOwnerTeam(stranger)
    const error = await runFailure(
      clientLayer(backend, backend.internal(), user),
      InternalProjects.use((p) => p.create({ displayName: "Not mine", ownerTeamId: theirs }))
    )
    assert.strictEqual(error._tag, "TeamMembershipNotFound")
  })

  it("transfers a project to another team; only admins of the owner team may", async () => {
    const user = await backend.signUp(backend.internal())
    const project = await backend.createProjectOwnedBy(user)
    const newTeam = await backend.createOwnerTeam(user, "Next owners")
    const layer = clientLayer(backend, backend.internal(), user)
    await run(
      layer,
      InternalProjects.use((p) => p.transfer(project.id, newTeam))
    )
    const moved = await run(
      adminLayer(backend, project),
      AdminProjects.use((p) => p.get)
    )
    assert.strictEqual(moved.ownerTeamId, newTeam)

    const unknown = await runFailure(
      layer,
      InternalProjects.use((p) => p.transfer("no-such-project", newTeam))
    )
    assert.strictEqual(unknown._tag, "ProjectNotFound")
    const seeded = await runFailure(
      layer,
      InternalProjects.use((p) => p.transfer("demo", newTeam))
    )
    assert.strictEqual(seeded._tag, "HttpError")
    const outsider = await backend.signUp(backend.internal())
    const refused = await runFailure(
      clientLayer(backend, backend.internal(), outsider),
      InternalProjects.use((p) => p.transfer(project.id, newTeam))
    )
    assert.strictEqual(refused._tag, "TeamMembershipNotFound")
  })

  it("needs a signed-in user of the internal project", async () => {
    const anonymous = await runFailure(
      clientLayer(backend, backend.internal()),
      InternalProjects.use((p) => p.list)
    )
    assert.strictEqual(anonymous._tag, "UserAuthenticationRequired")
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const elsewhere = await runFailure(
      clientLayer(backend, project, user),
      InternalProjects.use((p) => p.list)
    )
    assert.strictEqual(elsewhere._tag, "ExpectedInternalProject")
  })

  it("creates a project in production mode as asked (the checks are the admin client's, as on the hosted service)", async () => {
    const user = await backend.signUp(backend.internal())
    const ownerTeamId = await backend.createOwnerTeam(user)
    const layer = clientLayer(backend, backend.internal(), user)
    const created = await run(
      layer,
      InternalProjects.use((p) => p.create({ displayName: "Live", ownerTeamId, isProductionMode: true }))
    )
    assert.isTrue(created.project.isProductionMode)
    assert.deepStrictEqual(
      (
        await run(
          layer,
          InternalProjects.use((p) => p.list)
        )
      ).map((p) => p.id),
      [created.project.id]
    )
  })
})

describe("FeatureSupport", () => {
  it("answers the server's sentence about a feature", async () => {
    const project = await backend.createProject()
    const text = await run(
      clientLayer(backend, project),
      FeatureSupport.use((f) => f.check("quantum_sign_in", { extra: 1 }))
    )
    // The service's sentence (its check-feature-support route at 2f719903), word for word.
    assert.strictEqual(
      text,
      "quantum_sign_in is not yet supported. Please reach out to Stack support for more information."
    )
  })
})
