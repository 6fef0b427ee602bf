/** The implementation of {@link ProjectConfig}, loaded on first use (see lazy-service.ts). */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ConfigLevel, ProjectConfigView } from "../../domain/project-config.js"
import { SuccessResponse } from "../../domain/success.js"
import { wireStruct } from "../../domain/wire.js"
import { announcing } from "../changes/data-changes.js"
import { projectConfigChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import { ProjectConfigErrors } from "./project-config-errors.js"
import type { ProjectConfigShape } from "./project-config.js"

// The service sends the config as a JSON string inside the JSON answer; both are decoded here, once.
const EffectiveConfigAnswer = wireStruct({ configString: Schema.fromJsonString(ProjectConfigView) })
const OverrideAnswer = wireStruct({ configString: Schema.fromJsonString(Schema.Record(Schema.String, Schema.Json)) })
const isLevel = Schema.is(ConfigLevel)

export const makeProjectConfig: Effect.Effect<ProjectConfigShape, never, Transport> = announcing(
  projectConfigChanges,
  Effect.gen(function*() {
    const transport = yield* Transport
    // A level outside the three is sent as it is and refused by the service (SCHEMA_ERROR); the type rules it out.
    const path = (level: string) => `/internal/config/override/${isLevel(level) ? level : encodeURIComponent(level)}`

    return {
      get: transport.requestJson({ method: "GET", path: "/internal/config" }, EffectiveConfigAnswer).pipe(
        Effect.map((answer) => answer.configString),
        documented(...ProjectConfigErrors.get)
      ),
      getOverride: (level) =>
        transport.requestJson({ method: "GET", path: path(level) }, OverrideAnswer).pipe(
          Effect.map((answer) => answer.configString),
          documented(...ProjectConfigErrors.getOverride)
        ),
      override: (level, patch) =>
        transport.requestJson(
          { method: "PATCH", path: path(level), body: jsonBody({ config_override_string: JSON.stringify(patch) }) },
          SuccessResponse
        ).pipe(Effect.asVoid, documented(...ProjectConfigErrors.override)),
      replace: (level, config, source) =>
        transport.requestJson(
          {
            method: "PUT",
            path: path(level),
            body: jsonBody({ config_string: JSON.stringify(config), ...(source === undefined ? {} : { source }) })
          },
          SuccessResponse
        ).pipe(Effect.asVoid, documented(...ProjectConfigErrors.replace))
    } satisfies ProjectConfigShape
  })
)
