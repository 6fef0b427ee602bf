/**
 * `onboarding_state` of a project (issue 36): absent until the dashboard's onboarding chose something, then
 * stored and answered in either of the service's two shapes; a shape the service refuses is refused.
 */
import { assert, describe, it } from "@effect/vitest"
import { AdminProjects } from "../../src/services/generated/projects.js"
import { expectStatus, useKitBackend } from "../support/local-backend.js"
import { adminLayer, run } from "./admin-support.js"

const backend = useKitBackend({ ownedProjects: true })

const firstShape = {
  selectedConfigChoice: "create-new" as const,
  selectedApps: ["authentication", "emails"],
  selectedSignInMethods: ["credential" as const, "magicLink" as const],
  selectedEmailThemeId: null,
  selectedPaymentsCountry: "US" as const
}

const cloudShape = {
  version: 1 as const,
  step: "setup-sdk" as const,
  journey: "add" as const,
  primaryAppId: "authentication",
  additionalAppIds: [],
  selectedApps: ["authentication", "analytics"],
  selectedSignInMethods: ["credential" as const, "github" as const],
  selectedEmailThemeId: "a0172b5d-cff0-463b-83bb-85124697373a",
  projectLocation: "local" as const
}

describe("onboarding_state", () => {
  it("is absent at first, then kept and read back in either shape, without touching the config", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const before = await run(
      layer,
      AdminProjects.use((p) => p.get)
    )
    assert.isUndefined(before.onboardingState)
    for (const [status, state] of [
      ["auth_setup", firstShape],
      ["config_choice", cloudShape]
    ] as const) {
      const updated = await run(
        layer,
        AdminProjects.use((p) => p.update({ onboardingStatus: status, onboardingState: state }))
      )
      assert.deepStrictEqual(updated.onboardingState, state)
      assert.deepStrictEqual(updated.config, before.config)
      const read = await run(
        layer,
        AdminProjects.use((p) => p.get)
      )
      assert.strictEqual(read.onboardingStatus, status)
      assert.deepStrictEqual(read.onboardingState, state)
    }
    const cleared = await run(
      layer,
      AdminProjects.use((p) => p.update({ onboardingState: null }))
    )
    assert.isUndefined(cleared.onboardingState)
  })

  it("refuses a state of neither shape (SCHEMA_ERROR)", async () => {
    const project = await backend.createProject()
    for (const state of [
      { ...cloudShape, step: "no-such-step" },
      { ...firstShape, selectedPaymentsCountry: "FR" },
      { version: 1 },
      "started"
    ]) {
      const answer = await backend.call(project, "PATCH", "/internal/projects/current", {
        accessType: "admin",
        body: { onboarding_state: state }
      })
      expectStatus(answer, 400)
      assert.strictEqual((answer.body as { code?: string }).code, "SCHEMA_ERROR", JSON.stringify(state))
    }
  })
})
