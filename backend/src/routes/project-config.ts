/**
 * The project's configuration in the service's config-override model (admin; server access only for the
 * branch level, as on the service): `GET /internal/config` answers the effective config as a JSON string,
 * `GET|PATCH|PUT /internal/config/override/{level}` read, merge into or replace one level's override.
 * What the local backend knows of the config: operations/project-config.ts.
 */
import * as Effect from "effect/Effect"
import { ConfigLevel, ConfigOverridePatchBody, ConfigOverridePutBody, ConfigString } from "@stackfx/lib/domain/project-config.js"
import type { Auth } from "../http/auth.js"
import { endpoint, type EndpointContext } from "../http/endpoint.js"
import { validate } from "../http/request.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import {
  patchConfigOverride,
  readConfigOverride,
  renderConfig,
  replaceConfigOverride
} from "../operations/project-config.js"
import { Db } from "../store/db.js"
import { ADMIN, SERVER } from "../http/access.js"
import { param } from "./team-helpers.js"

/** The level the path names; server access may only manage the branch level (a plain 403, as the service). */
const levelOf = ({ auth, params, request }: Pick<EndpointContext<unknown, unknown>, "auth" | "params" | "request">) =>
  Effect.gen(function*() {
    const level = yield* validate(ConfigLevel, "params.level", param(params, "level"), request)
    yield* serverOnlyBranch(auth, level)
    return level
  })

const serverOnlyBranch = (auth: Auth, level: string) =>
  auth.accessType === "server" && level !== "branch"
    ? Effect.fail(new HttpStatusError({ status: 403, message: "Server access can only manage branch config overrides." }))
    : Effect.void

export const routes = [
  endpoint({
    method: "GET",
    path: "/internal/config",
    access: ADMIN,
    handler: ({ auth }) =>
      Effect.gen(function*() {
        const config = yield* renderConfig(yield* Db, auth.project)
        return yield* encoded(ConfigString, { configString: JSON.stringify(config) })
      })
  }),
  endpoint({
    method: "GET",
    path: "/internal/config/override/:level",
    access: SERVER,
    handler: (ctx) =>
      Effect.gen(function*() {
        const level = yield* levelOf(ctx)
        const override = yield* readConfigOverride(yield* Db, ctx.auth.project.id, level)
        return yield* encoded(ConfigString, { configString: JSON.stringify(override) })
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/internal/config/override/:level",
    access: SERVER,
    body: ConfigOverridePatchBody,
    handler: (ctx) =>
      Effect.gen(function*() {
        const level = yield* levelOf(ctx)
        yield* patchConfigOverride(ctx.auth.project.id, level, ctx.body.configOverrideString)
        return success
      })
  }),
  endpoint({
    method: "PUT",
    path: "/internal/config/override/:level",
    access: SERVER,
    body: ConfigOverridePutBody,
    handler: (ctx) =>
      Effect.gen(function*() {
        const level = yield* levelOf(ctx)
        if (level === "branch" && ctx.body.source === undefined) {
          return yield* Effect.fail(new HttpStatusError({ status: 400, message: "source is required for branch level config" }))
        }
        yield* replaceConfigOverride(ctx.auth.project.id, level, ctx.body.configString)
        return success
      })
  })
]

