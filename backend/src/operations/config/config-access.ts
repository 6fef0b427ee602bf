/**
 * Who may manage which level of a project's config override, and what a level's replacement needs, as the
 * hosted service decides them (its plain 403 and 400): the config side of the actor policy (../acting-user.ts).
 */
import * as Effect from "effect/Effect"
import type { ConfigLevel } from "@stackfx/lib/domain/project-config.js"
import type { Refused } from "../../errors/refused.js"
import { type Actor, forbidden, invalid } from "../acting-user.js"

/** The level, for an actor allowed to manage it: server access only the branch level. */
export const managedConfigLevel = (actor: Actor, level: ConfigLevel): Effect.Effect<ConfigLevel, Refused> =>
  actor.accessType === "server" && level !== "branch"
    ? Effect.fail(forbidden("Server access can only manage branch config overrides."))
    : Effect.succeed(level)

/** A replacement of the branch level says where it was pushed from; another level's needs no source. */
export const replacementSourceGiven = (level: ConfigLevel, source: unknown): Effect.Effect<void, Refused> =>
  level === "branch" && source === undefined
    ? Effect.fail(invalid("source is required for branch level config"))
    : Effect.void
