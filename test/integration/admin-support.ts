/**
 * Shared by the projects and admin integration tests: Layers of the admin, client and internal-project
 * services aimed at the file's local backend, and a runner that turns an Effect into a test promise.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { AdminProjects, Projects } from "../../src/services/generated/projects.js"
import { ApiKeys } from "../../src/services/generated/project-keys.js"
import { EmailTemplates } from "../../src/services/generated/email-templates.js"
import { FeatureSupport } from "../../src/services/generated/feature-support.js"
import { InternalProjects } from "../../src/services/generated/internal-projects.js"
import { Metrics } from "../../src/services/generated/metrics.js"
import { TestEmail } from "../../src/services/generated/test-email.js"
import { Webhooks } from "../../src/services/generated/webhooks.js"
import { adminCore, adminTokenCore, clientCore, type Tokens } from "../support/clients.js"
import type { LocalBackendHandle, TestProject } from "../support/local-backend.js"

const adminServices = Layer.mergeAll(
  Projects.layer,
  AdminProjects.layer,
  ApiKeys.layer,
  EmailTemplates.layer,
  Webhooks.layer,
  Metrics.layer,
  TestEmail.layer,
  FeatureSupport.layer
)

/** Admin tier with the project's super-secret admin key. */
export const adminLayer = (backend: LocalBackendHandle, project: TestProject) =>
  adminServices.pipe(Layer.provideMerge(adminCore(backend, project)))

/** Admin tier through an internal user's access token instead of the admin key. */
export const adminTokenLayer = (backend: LocalBackendHandle, projectId: string, adminAccessToken: string) =>
  adminServices.pipe(Layer.provideMerge(adminTokenCore(backend, projectId, adminAccessToken)))

/** Client tier of a project, optionally signed in. */
export const clientLayer = (backend: LocalBackendHandle, project: TestProject, tokens?: Tokens) =>
  Layer.mergeAll(Projects.layer, InternalProjects.layer, FeatureSupport.layer).pipe(
    Layer.provideMerge(clientCore(backend, project, tokens))
  )

/** Runs a program against a Layer; a failure rejects with the typed error. */
export const run = <A, E, R>(layer: Layer.Layer<R>, program: Effect.Effect<A, E, R>): Promise<A> =>
  Effect.runPromise(program.pipe(Effect.provide(layer)))

/** Runs a program that must fail and resolves with its error. */
export const runFailure = <A, E, R>(layer: Layer.Layer<R>, program: Effect.Effect<A, E, R>): Promise<E> =>
  // A success becomes the failure, so the test that expected an error fails with the unexpected value.
  Effect.runPromise(program.pipe(Effect.flip, Effect.provide(layer)))
