/**
 * What `GET /users` lists, from its query as the hosted service reads it: which users (its anonymous and
 * restricted flags) and which e-mail domains are left out. Refusals are the service's plain 400s.
 */
import * as Effect from "effect/Effect"
import type { Refused } from "../../errors/refused.js"
import { invalid } from "../acting-user.js"
import type { ListedUsers } from "./users.js"

/** The flags of `GET /users`, each `"true"` or `"false"` when given. */
export interface ListedUserFlags {
  readonly only_anonymous?: string | undefined
  readonly include_anonymous?: string | undefined
  readonly include_restricted?: string | undefined
}

/**
 * Which users are listed (all flags default to false): none lists only unrestricted users; `include_restricted`
 * adds restricted ones but not anonymous ones; `include_anonymous` lists everybody; `only_anonymous` (which needs
 * `include_anonymous`) only anonymous ones.
 */
export const listedUsers = (flags: ListedUserFlags): Effect.Effect<ListedUsers, Refused> => {
  if (flags.only_anonymous === "true") {
    return flags.include_anonymous === "true"
      ? Effect.succeed("anonymous")
      : Effect.fail(invalid("only_anonymous=true requires include_anonymous=true"))
  }
  if (flags.include_anonymous === "true") return Effect.succeed("all")
  return Effect.succeed(flags.include_restricted === "true" ? "restricted" : "unrestricted")
}

/** An exact e-mail domain, as the service checks `excluded_email_domains` (labels of letters, digits, hyphens). */
const EMAIL_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
/** The most domains one list may leave out (the service's bound). */
const MAX_EXCLUDED_EMAIL_DOMAINS = 100

/**
 * `excluded_email_domains` as the service reads it: comma-separated, each trimmed, a leading `@` dropped,
 * lower-cased, blanks skipped, duplicates once; a domain that is not one, or more than 100, a plain 400.
 */
export const excludedEmailDomains = (text: string | undefined): Effect.Effect<ReadonlyArray<string>, Refused> => {
  const domains = new Set<string>()
  for (const raw of (text ?? "").split(",")) {
    const domain = raw.trim().replace(/^@/, "").toLowerCase()
    if (domain === "") continue
    if (!EMAIL_DOMAIN.test(domain)) {
      return Effect.fail(invalid("excluded_email_domains must be a comma-separated list of valid domains"))
    }
    domains.add(domain)
  }
  return domains.size > MAX_EXCLUDED_EMAIL_DOMAINS
    ? Effect.fail(invalid(`excluded_email_domains cannot contain more than ${MAX_EXCLUDED_EMAIL_DOMAINS} domains`))
    : Effect.succeed([...domains])
}
