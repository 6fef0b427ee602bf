/**
 * Rules the hosted service's schema puts on a project config (create and update) beyond the types, with
 * its exact SCHEMA_ERROR lines: a trusted domain is an http(s) URL, and the strings of a standard email
 * server and of an OAuth provider on the project's own keys are not empty.
 */
import * as Effect from "effect/Effect"
import type { AdminProjectConfigUpdate } from "@stackfx/lib/domain/project.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type RequestLine, schemaErrorOf } from "./request.js"

const HTTP_URL = /^https?:\/\//

const EMAIL_FIELDS = [
  ["host", "host"],
  ["username", "username"],
  ["password", "password"],
  ["senderName", "sender_name"],
  ["senderEmail", "sender_email"]
] as const

/**
 * The problems of a config, one SCHEMA_ERROR line each.
 *
 * @example configProblems({ domains: [{ domain: "ftp://a.com", handlerPath: "/handler" }] }) // ["URL must start with http:// or https://"]
 */
export const configProblems = (config: AdminProjectConfigUpdate | undefined): ReadonlyArray<string> => {
  if (config === undefined) return []
  const problems: Array<string> = []
  for (const domain of config.domains ?? []) {
    if (!HTTP_URL.test(domain.domain)) problems.push("URL must start with http:// or https://")
  }
  const email = config.emailConfig
  if (email?.type === "standard") {
    for (const [field, wire] of EMAIL_FIELDS) {
      if (email[field] === "") problems.push(`body.config.email_config.${wire} must not be empty`)
    }
  }
  config.oauthProviders?.forEach((provider, index) => {
    if (provider.type !== "standard") return
    if (provider.clientId === "") problems.push(`body.config.oauth_providers[${index}].client_id must not be empty`)
    if (provider.clientSecret === "")
      problems.push(`body.config.oauth_providers[${index}].client_secret must not be empty`)
  })
  return problems
}

/** Fails with the SCHEMA_ERROR listing every problem of the config, if it has any. */
export const checkProjectConfig = (
  config: AdminProjectConfigUpdate | undefined,
  request: RequestLine
): Effect.Effect<void, SchemaError> => {
  const problems = configProblems(config)
  if (problems.length === 0) return Effect.void
  return Effect.fail(schemaErrorOf(request, problems))
}
