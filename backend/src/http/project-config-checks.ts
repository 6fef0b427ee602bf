/**
 * Rules the hosted service's schema puts on a project config (create and update) beyond the types, with
 * its exact SCHEMA_ERROR lines: a trusted domain is an http(s) URL, the strings of a standard email server
 * and a standard OAuth provider's client id are not empty, and a standard provider has a client secret unless
 * it is Apple with all three key credentials (its providers schema's `apple-credentials` test, whose line
 * names no path).
 */
import * as Effect from "effect/Effect"
import type { AdminProjectConfigUpdate } from "@stackfx/lib/domain/project.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type RequestLine, schemaErrorOf } from "./request.js"

const HTTP_URL = /^https?:\/\//

/** The service's `apple-credentials` test message, word for word. */
const CLIENT_SECRET_REQUIRED =
  "client_secret is required for standard providers, unless the provider is apple with all Apple key credentials set"

const isSet = (value: string | undefined) => value !== undefined && value !== ""

/** A standard provider's secret or, for Apple, its key credentials: all three or none beside a secret. */
const hasCredentials = (provider: {
  readonly id: string
  readonly clientSecret: string
  readonly appleTeamId?: string
  readonly appleKeyId?: string
  readonly applePrivateKey?: string
}): boolean => {
  const keys = [provider.appleTeamId, provider.appleKeyId, provider.applePrivateKey]
  const anyKey = keys.some(isSet)
  const allKeys = keys.every(isSet)
  const secret = isSet(provider.clientSecret)
  return provider.id === "apple" ? (secret || allKeys) && (!anyKey || allKeys) : secret
}

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
    if (!hasCredentials(provider)) problems.push(CLIENT_SECRET_REQUIRED)
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
