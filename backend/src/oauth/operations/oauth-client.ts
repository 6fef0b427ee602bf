/**
 * The OAuth client check both OAuth endpoints share (authorize and token): `client_id` is the project id and
 * `client_secret` one of its valid publishable client keys, or the public-client sentinel where the project does
 * not require a publishable client key (`project.requirePublishableClientKey`), as the service's
 * `checkApiKeySet` decides. The errors are the service's: an unknown project is INVALID_OAUTH_CLIENT_ID_OR_SECRET;
 * a sentinel (or, at the token endpoint, no secret) where a key is required is
 * PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT; a wrong key is INVALID_PUBLISHABLE_CLIENT_KEY at authorize and
 * INVALID_OAUTH_CLIENT_ID_OR_SECRET at the token endpoint.
 */
import * as Effect from "effect/Effect"
import { PUBLIC_CLIENT_SECRET_SENTINEL } from "@stackfx/lib/domain/api.js"
import { InvalidOAuthClientIdOrSecret } from "@stackfx/lib/errors/known/oauth.js"
import {
  InvalidPublishableClientKey,
  PublishableClientKeyRequiredForProject
} from "@stackfx/lib/errors/known/project-authentication.js"
import { Projects } from "../../store/projects/project-lookup.js"

/** Which endpoint asks: they answer a wrong key differently. */
export type OAuthClientCheck = "authorize" | "token"

/** The project the client id names, when the secret authenticates the client. */
export const authenticateOAuthClient = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  check: OAuthClientCheck
) =>
  Effect.gen(function* () {
    const invalid = new InvalidOAuthClientIdOrSecret({ details: { client_id: clientId ?? null } })
    if (clientId === undefined) return yield* Effect.fail(invalid)
    const projects = yield* Projects
    const loaded = yield* projects.find(clientId)
    if (loaded === undefined) return yield* Effect.fail(invalid)
    const projectId = loaded.project.id
    if (clientSecret === undefined || clientSecret === PUBLIC_CLIENT_SECRET_SENTINEL) {
      if (yield* projects.requiresPublishableKey(projectId)) {
        return yield* Effect.fail(new PublishableClientKeyRequiredForProject({ details: { project_id: projectId } }))
      }
      // The token endpoint's OAuth library still needs a secret to authenticate the client.
      if (clientSecret === undefined) return yield* Effect.fail(invalid)
      return loaded.project
    }
    const accepted = yield* projects.checkKey(projectId, "publishableClientKey", clientSecret)
    if (!accepted) {
      return yield* Effect.fail(
        check === "authorize" ? new InvalidPublishableClientKey({ details: { project_id: projectId } }) : invalid
      )
    }
    return loaded.project
  })
