/** The public signing keys of a project, for verifying its access tokens. */
import * as Effect from "effect/Effect"
import { SigningKeys } from "../crypto/signing-keys.js"
import { publicEndpoint } from "../http/endpoint.js"
import { json } from "../http/respond.js"
import { Projects } from "../operations/projects.js"
import { ProjectNotFound } from "@stackfx/lib/errors/known/misc.js"

export const routes = [
  publicEndpoint({
    method: "GET",
    path: "/projects/:projectId/.well-known/jwks.json",
    handler: ({ params }) =>
      Effect.gen(function*() {
        const projectId = params["projectId"] ?? ""
        const project = yield* (yield* Projects).find(projectId)
        if (project === undefined) return yield* Effect.fail(new ProjectNotFound({ details: { project_id: projectId } }))
        const keys = yield* SigningKeys
        // A project publishes a key before its first token, so verifiers can fetch the set up front.
        yield* keys.signer(projectId)
        return json(yield* keys.jwks(projectId))
      })
  })
]
