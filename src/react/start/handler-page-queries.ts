/**
 * What each handler page reads in its first render beyond the snapshot (the user and the project), loaded on the
 * server for the request's session so the page renders there in full and hydrates without a request. Account
 * settings reads its sections' lists, and the team permissions that decide whether a team shows its API keys;
 * onboarding reads the restricted user. The other pages read only the snapshot; a page's actions (a code
 * checked, a link verified) run in the browser once it is live.
 *
 * Server code (the Start server entry): the queries are the client's own (../queries.ts), run in a client tier
 * over the request's cookies, so each answer is what the browser's load would give, under the same key.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { ClientProject } from "../../domain/project.js"
import type { TeamPermission } from "../../domain/team-permission.js"
import type { ClientServices } from "../../layers/client.js"
import {
  activeSessionsQuery,
  contactChannelsQuery,
  notificationPreferencesQuery,
  oauthProvidersQuery,
  permissionsQuery,
  projectQuery,
  receivedTeamInvitationsQuery,
  restrictedUserQuery,
  type StackQuery,
  teamsQuery,
  userApiKeysQuery
} from "../queries.js"
import type { SeedValue, StackSeed } from "./snapshot.js"

/** A query whose answer may be handed to the browser. */
export type SeedableQuery = StackQuery<unknown, unknown, ClientServices>

/**
 * The answers of `queries`, each under its key. One that fails is left out: the browser then loads it and shows
 * the failure where the page reads it, as it would without a server.
 */
export const loadSeeds = (
  queries: ReadonlyArray<SeedableQuery>
): Effect.Effect<ReadonlyArray<StackSeed>, never, ClientServices> =>
  Effect.map(
    Effect.forEach(
      queries,
      (query) =>
        Effect.map(Effect.exit(query.load), (exit) =>
          // A decoded answer is built of the values `SeedValue` names (domain/: wire structs, Dates, JSON).
          exit._tag === "Success" ? [{ key: query.key, value: exit.value as SeedValue }] : []
        ),
      { concurrency: "unbounded" }
    ),
    (answers) => answers.flat()
  )

/**
 * Each team's permissions, from one listing of the user's permissions in every team: the seed of
 * `permissionsQuery(team.id)` for each team (recursive, as that query loads them), empty for a team where the
 * user holds none. The listing keeps the service's order (by team, then id), which is each team's own order.
 */
const permissionSeeds = (
  teams: ReadonlyArray<{ readonly id: string }>,
  granted: ReadonlyArray<TeamPermission>
): ReadonlyArray<StackSeed> =>
  teams.map((team) => ({
    key: permissionsQuery(team.id).key,
    value: granted.filter((permission) => permission.teamId === team.id) as SeedValue
  }))

/**
 * Account settings: its sections' lists and the user's teams, all at once; when the project offers team API
 * keys, each team's permissions too, from one listing for every team (`allTeamPermissions`, the server's) beside
 * the others, or else one request per team once the teams are known.
 */
const accountSettings = (
  project: ClientProject,
  allTeamPermissions: Effect.Effect<ReadonlyArray<TeamPermission>, unknown> | undefined
) =>
  Effect.gen(function* () {
    const config = project.config
    const together = config.allowTeamApiKeys ? allTeamPermissions : undefined
    const [lists, teams, granted] = yield* Effect.all(
      [
        loadSeeds([
          contactChannelsQuery,
          activeSessionsQuery,
          notificationPreferencesQuery,
          oauthProvidersQuery,
          receivedTeamInvitationsQuery,
          ...(config.allowUserApiKeys ? [userApiKeysQuery()] : [])
        ]),
        Effect.exit(teamsQuery.load),
        together === undefined ? Effect.succeed(undefined) : Effect.option(together)
      ],
      { concurrency: "unbounded" }
    )
    if (teams._tag === "Failure") return lists
    const permissions = !config.allowTeamApiKeys
      ? []
      : granted !== undefined && Option.isSome(granted)
        ? permissionSeeds(teams.value, granted.value)
        : yield* loadSeeds(teams.value.map((team) => permissionsQuery(team.id)))
    return [...lists, { key: teamsQuery.key, value: teams.value as SeedValue }, ...permissions]
  })

/** What the request's snapshot already says. */
export interface HandlerPageContext {
  /** The snapshot's project; loaded here when it is absent. */
  readonly project: ClientProject | undefined
  /** A user the rules count as signed in (not a guest or restricted user the tier reads as nobody). */
  readonly signedIn: boolean
  /**
   * The signed-in user's permissions in every team, recursive, in one request (the server tier lists them
   * without a team); without it each team's are asked for on their own.
   */
  readonly allTeamPermissions?: Effect.Effect<ReadonlyArray<TeamPermission>, unknown> | undefined
}

/**
 * The answers handler page `route` (`"account-settings"`, as `StackHandler`'s `route`) reads in its first
 * render for the request's session.
 */
export const handlerPageSeeds = (
  route: string,
  { project, signedIn, allTeamPermissions }: HandlerPageContext
): Effect.Effect<ReadonlyArray<StackSeed>, never, ClientServices> =>
  Effect.gen(function* () {
    switch (route.replace(/^\/+|\/+$/g, "")) {
      case "account-settings": {
        // Nobody signed in: the page asks them to sign in, and reads nothing more.
        if (!signedIn) return []
        const known = project === undefined ? yield* Effect.option(projectQuery.load) : Option.some(project)
        return Option.isSome(known) ? yield* accountSettings(known.value, allTeamPermissions) : []
      }
      case "onboarding":
        return yield* loadSeeds([restrictedUserQuery])
      default:
        return []
    }
  })
