/** `GET /internal/config`: the project's config as the service renders it. */
import type { DbEffect } from "../../store/db.js"
import * as Effect from "effect/Effect"
import { loadOverrides } from "../../store/projects/config-overrides.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { loadDefinitions } from "../permissions/permission-definitions.js"
import { trustedDomainsById } from "./config-records.js"
import { mergedOverrides } from "./override-parsing.js"
import { effectiveOf } from "./project-config.js"

const record = (ids: ReadonlyArray<string>) => Object.fromEntries(ids.map((id) => [id, true]))

/**
 * `GET /internal/config`: the effective config in the service's nested shape (`config_string`), with the
 * keys the local backend knows plus the project's OAuth providers, trusted domains and permission
 * definitions.
 */
export const renderConfig = (project: StoredProject): DbEffect<unknown> =>
  Effect.gen(function* () {
    const merged = mergedOverrides(yield* loadOverrides(project.id))
    const config = effectiveOf(project, merged)
    const team = yield* loadDefinitions(project.id, "team")
    const projectScope = yield* loadDefinitions(project.id, "project")
    const permission = (scope: "team" | "project") => (d: (typeof team)[number]) =>
      [
        d.id,
        {
          ...(d.description === null ? {} : { description: d.description }),
          scope,
          containedPermissionIds: record(d.containedPermissionIds)
        }
      ] as const
    const { externalAuth, ...rendered } = config
    return {
      ...rendered,
      ...externalAuth,
      auth: {
        ...config.auth,
        oauth: {
          ...config.auth.oauth,
          providers: Object.fromEntries(
            project.config.oauthProviders.map((p) => [
              p.id,
              {
                type: p.id,
                isShared: p.type === "shared",
                allowSignIn: true,
                allowConnectedAccounts: true
              }
            ])
          )
        },
        signUpRules: Object.fromEntries(
          config.auth.signUpRules.map(({ id, displayName, condition, action, ...rule }) => [
            id,
            {
              ...rule,
              ...(displayName === undefined ? {} : { displayName }),
              ...(condition === undefined ? {} : { condition }),
              action: { type: action.type, ...(action.message === undefined ? {} : { message: action.message }) }
            }
          ])
        )
      },
      domains: {
        ...config.domains,
        trustedDomains:
          trustedDomainsById(merged) ??
          Object.fromEntries(
            project.config.domains.map((d, i) => [String(i), { baseUrl: d.domain, handlerPath: d.handlerPath }])
          )
      },
      rbac: {
        permissions: Object.fromEntries([
          ...team.filter((d) => !d.isBuiltin).map(permission("team")),
          ...projectScope.map(permission("project"))
        ]),
        defaultPermissions: {
          signUp: record(config.rbac.defaultPermissions.signUp),
          teamCreator: record(config.rbac.defaultPermissions.teamCreator),
          teamMember: record(config.rbac.defaultPermissions.teamMember)
        }
      }
    }
  })
