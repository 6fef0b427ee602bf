/** The public signing keys a project publishes, for verifiers of its access tokens. */
import * as Effect from "effect/Effect"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { SigningKeys } from "../../crypto/signing-keys.js"
import { Refused } from "../../errors/refused.js"
import { Projects } from "../../store/projects/project-lookup.js"

/**
 * The project's public keys of these kinds, `undefined` for an unknown project. A project publishes its keys
 * before its first token (missing ones are created), so verifiers can fetch the set up front.
 */
export const publicKeySet = (projectId: string, kinds: ReadonlyArray<AccessTokenKind>) =>
  Effect.gen(function* () {
    const project = yield* (yield* Projects).find(projectId)
    if (project === undefined) return undefined
    return yield* (yield* SigningKeys).jwks(projectId, kinds)
  })

/** The key set of `publicKeySet`, or the hosted route's plain-text 404 (not a known error) for an unknown project. */
export const requirePublicKeySet = (projectId: string, kinds: ReadonlyArray<AccessTokenKind>) =>
  Effect.flatMap(publicKeySet(projectId, kinds), (keys) =>
    keys === undefined
      ? Effect.fail(new Refused({ reason: "not-found", message: "Project not found" }))
      : Effect.succeed(keys)
  )
