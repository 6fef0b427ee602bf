/** Liveness: `GET /health` (also below `/api/v1`) answers 200 once the database is open. */
import * as Effect from "effect/Effect"
import { json } from "../http/respond.js"
import { publicEndpoint } from "../http/route.js"

export const routes = [
  publicEndpoint({
    method: "GET",
    path: "/health",
    handler: () => Effect.succeed(json({ status: "ok" }))
  })
]
