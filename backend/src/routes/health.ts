/**
 * Health: `GET /health` (also below `/api/v1`) answers 200 `{ status: "ok", database: "up", notifications }`
 * while the database answers, and 503 with `status: "unavailable"` when it does not (operations/health.ts).
 */
import * as Effect from "effect/Effect"
import { json } from "../http/respond.js"
import { publicEndpoint } from "../http/route.js"
import { instanceHealth } from "../operations/health.js"

export const routes = [
  publicEndpoint({
    method: "GET",
    path: "/health",
    handler: () => Effect.map(instanceHealth, (health) => json(health, health.status === "ok" ? 200 : 503))
  })
]
