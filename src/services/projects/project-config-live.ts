/** The implementation of {@link ProjectConfig}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import { ProjectConfigApi } from "../../contract/project-config.js"
import { ProjectConfigView } from "../../domain/project-config.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { decodeJson } from "../http/wire-codec.js"
import { ProjectConfigCalls } from "./project-config-calls.js"

const decodeView = decodeJson(ProjectConfigView)

export const makeProjectConfig = implement(
  ProjectConfigCalls,
  Effect.map(Transport, (transport) => ({
    // The service sends the config as a JSON string inside the JSON answer; the parts this library reads
    // are decoded from it.
    get: Effect.flatMap(caller(transport, ProjectConfigApi.get, "admin")({}), (answer) =>
      decodeView(answer.configString)
    )
  }))
)
