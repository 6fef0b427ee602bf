/**
 * The project's configuration in the service's config-override model (admin; server access only for the
 * branch level, as on the service): `GET /internal/config` answers the effective config as a JSON string,
 * `GET|PATCH|PUT /internal/config/override/{level}` read, merge into or replace one level's override,
 * `POST .../reset-keys` removes keys from one, and `GET|DELETE /internal/config/source` read or unlink where
 * the branch config was pushed from.
 * What the local backend knows of the config: operations/config/ (project-config.ts, the override files beside it).
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { ProjectConfigApi } from "@stackfx/lib/contract/project-config.js"
import { DEFAULT_PREVIEW_LIMIT, previewAffectedUsers } from "../../operations/projects/onboarding-preview.js"
import { testSignUpRules } from "../../operations/config/sign-up-rules-test.js"
import { requireInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import { managedConfigLevel, replacementSourceGiven } from "../../operations/config/config-access.js"
import {
  patchConfigOverride,
  readBranchSource,
  readConfigOverride,
  replaceConfigOverride,
  resetConfigKeys,
  writeBranchSource
} from "../../operations/config/override-writes.js"
import { renderConfig } from "../../operations/config/rendered-config.js"

const success = { success: true as const }

export const routes = [
  serve(ProjectConfigApi.get, ({ auth }) =>
    Effect.map(renderConfig(auth.project), (config) => ({ configString: config }))
  ),
  serve(ProjectConfigApi.getOverride, ({ auth, params }) =>
    Effect.gen(function* () {
      const level = yield* managedConfigLevel(auth, params.level)
      const override = yield* readConfigOverride(auth.project.id, level)
      return { configString: override as Readonly<Record<string, Schema.Json>> }
    })
  ),
  serve(ProjectConfigApi.override, ({ auth, body, params }) =>
    Effect.gen(function* () {
      const level = yield* managedConfigLevel(auth, params.level)
      yield* patchConfigOverride(auth.project.id, level, body.configOverrideString)
      return success
    })
  ),
  serve(ProjectConfigApi.replace, ({ auth, body, params }) =>
    Effect.gen(function* () {
      const level = yield* managedConfigLevel(auth, params.level)
      yield* replacementSourceGiven(level, body.source)
      yield* replaceConfigOverride(auth.project.id, level, body.configString)
      // The service keeps where the branch config came from; another level's source is not kept.
      if (level === "branch" && body.source !== undefined) yield* writeBranchSource(auth.project.id, body.source)
      return success
    })
  ),
  serve(ProjectConfigApi.resetKeys, ({ auth, body, params }) =>
    Effect.gen(function* () {
      yield* resetConfigKeys(auth.project.id, params.level, body.keys)
      return success
    })
  ),
  serve(ProjectConfigApi.getSource, ({ auth }) =>
    Effect.map(readBranchSource(auth.project.id), (source) => ({ source }))
  ),
  serve(ProjectConfigApi.unlinkSource, ({ auth }) =>
    Effect.as(writeBranchSource(auth.project.id, { type: "unlinked" }), success)
  ),
  serve(ProjectConfigApi.previewAffectedUsers, ({ auth, body, query, request }) =>
    Effect.gen(function* () {
      // The service reads the limit with parseInt; what it cannot read is refused here rather than failing later.
      const limit = query.limit === undefined ? DEFAULT_PREVIEW_LIMIT : Number.parseInt(query.limit, 10)
      yield* requireInput(
        request,
        Number.isSafeInteger(limit) && limit >= 0,
        "query.limit must be a non-negative integer"
      )
      return yield* previewAffectedUsers(auth.project, body, limit)
    })
  ),
  serve(ProjectConfigApi.testSignUpRules, ({ auth, body }) => testSignUpRules(auth.project, body))
]
