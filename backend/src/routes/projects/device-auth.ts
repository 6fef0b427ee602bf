/**
 * The dashboard's overviews of device authorization, for admins: `GET /internal/device-auth?kind=cli|agent` and
 * the older `GET /internal/agent-auth` (contract/device-auth.ts).
 */
import { DeviceAuthApi } from "@stackfx/lib/contract/device-auth.js"
import { serve } from "../../http/serve.js"
import { agentAuthOverview, deviceAuthOverview } from "../../operations/device-auth/device-auth-overview.js"

export const routes = [
  serve(DeviceAuthApi.overview, ({ auth, query }) => deviceAuthOverview(auth.project.id, query.kind)),
  serve(DeviceAuthApi.agentOverview, ({ auth }) => agentAuthOverview(auth.project.id))
]
