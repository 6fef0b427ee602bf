/**
 * The OAuth client check both OAuth endpoints share (authorize and token): `client_id` is the project id and
 * `client_secret` one of its valid publishable client keys. The public-client sentinel stands in for the
 * key only where the project has no publishable key to present, so it never unlocks a project that has one.
 */
import * as Effect from "effect/Effect"
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "@stackfx/lib/domain/api.js"
import { InvalidOAuthClientIdOrSecret } from "@stackfx/lib/errors/known/oauth.js"
import { Projects } from "../store/project-lookup.js"

/** The project the client id names, when the secret authenticates the client; INVALID_OAUTH_CLIENT_ID_OR_SECRET otherwise. */
export const authenticateOAuthClient = (clientId: string | undefined, clientSecret: string | undefined) =>
  Effect.gen(function* () {
    const invalid = new InvalidOAuthClientIdOrSecret({ details: { client_id: clientId ?? null } })
    if (clientId === undefined || clientSecret === undefined) return yield* Effect.fail(invalid)
    const projects = yield* Projects
    const loaded = yield* projects.find(clientId)
    if (loaded === undefined) return yield* Effect.fail(invalid)
    const accepted =
      clientSecret === PUBLIC_CLIENT_SECRET_SENTINEL
        ? !(yield* projects.hasPublishableKey(loaded.project.id))
        : yield* projects.checkKey(loaded.project.id, "publishableClientKey", clientSecret)
    if (!accepted) return yield* Effect.fail(invalid)
    return loaded.project
  })
