/** `stackfx dev --webhook <url>`: the demo project's endpoints, made (once) when the backend starts. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ensureDemoEndpoints } from "../operations/webhooks/webhook-endpoints.js"
import type { Db, DbError } from "../store/db.js"

/**
 * A layer that adds the URLs as endpoints of the project (a URL it has already is kept). The command line has
 * checked them (`webhookUrlProblem`); a program that passes a bad one to `startLocalBackend` fails to start.
 */
export const demoWebhooks = (projectId: string, urls: ReadonlyArray<string>): Layer.Layer<never, DbError, Db> =>
  Layer.effectDiscard(
    urls.length === 0
      ? Effect.void
      : Effect.catchTag(ensureDemoEndpoints(projectId, urls), "Refused", (refused) =>
          Effect.die(new Error(refused.message))
        )
  )
