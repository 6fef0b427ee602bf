/**
 * What each handler page reads in its first render beyond the snapshot (the user and the project), loaded on the
 * server for the request's session so the page renders there in full and hydrates without a request. Account
 * settings reads the lists of the section shown (the teams' with the team permissions that decide whether a team
 * shows its API keys); onboarding reads the restricted user. The other pages read only the snapshot; a page's actions (a code
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
import { type AccountSection, requestedSection, shownSection } from "../handler/account-sections.js"

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
 * The user's teams and, when the project offers team API keys, each team's permissions: from one listing for
 * every team (`allTeamPermissions`, the server's) beside the teams, or else one request per team once the teams
 * are known.
 */
const teamsWithPermissions = (
  project: ClientProject,
  allTeamPermissions: Effect.Effect<ReadonlyArray<TeamPermission>, unknown> | undefined
) =>
  Effect.gen(function* () {
    const withKeys = project.config.allowTeamApiKeys
    const together = withKeys ? allTeamPermissions : undefined
    const [teams, granted] = yield* Effect.all(
      [Effect.exit(teamsQuery.load), together === undefined ? Effect.succeed(undefined) : Effect.option(together)],
      { concurrency: "unbounded" }
    )
    if (teams._tag === "Failure") return []
    const permissions = !withKeys
      ? []
      : granted !== undefined && Option.isSome(granted)
        ? permissionSeeds(teams.value, granted.value)
        : yield* loadSeeds(teams.value.map((team) => permissionsQuery(team.id)))
    return [{ key: teamsQuery.key, value: teams.value as SeedValue }, ...permissions]
  })

/**
 * Account settings: the lists the section shown (../handler/account-sections.ts) reads, all at once (with the
 * user, at most four requests).
 */
const accountSettings = (
  project: ClientProject,
  section: AccountSection,
  allTeamPermissions: Effect.Effect<ReadonlyArray<TeamPermission>, unknown> | undefined
): Effect.Effect<ReadonlyArray<StackSeed>, never, ClientServices> => {
  switch (section) {
    case "profile":
      return loadSeeds([contactChannelsQuery, oauthProvidersQuery])
    case "security":
      return loadSeeds([activeSessionsQuery])
    case "notifications":
      return loadSeeds([notificationPreferencesQuery])
    case "api-keys":
      return loadSeeds([userApiKeysQuery()])
    case "teams":
      return Effect.map(
        Effect.all([loadSeeds([receivedTeamInvitationsQuery]), teamsWithPermissions(project, allTeamPermissions)], {
          concurrency: "unbounded"
        }),
        ([invitations, teams]) => [...invitations, ...teams]
      )
    case "account":
      return Effect.succeed([])
  }
}

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
 * The answers handler page `route` (`"account-settings"`, as `StackHandler`'s `route`, with the page's query
 * when it names a section: `"account-settings?section=teams"`) reads in its first render for the request's
 * session.
 */
export const handlerPageSeeds = (
  route: string,
  { project, signedIn, allTeamPermissions }: HandlerPageContext
): Effect.Effect<ReadonlyArray<StackSeed>, never, ClientServices> =>
  Effect.gen(function* () {
    switch (route.replace(/\?.*$/, "").replace(/^\/+|\/+$/g, "")) {
      case "account-settings": {
        // Nobody signed in: the page asks them to sign in, and reads nothing more.
        if (!signedIn) return []
        const known = project === undefined ? yield* Effect.option(projectQuery.load) : Option.some(project)
        if (Option.isNone(known)) return []
        const section = shownSection(requestedSection(route), known.value.config)
        return yield* accountSettings(known.value, section, allTeamPermissions)
      }
      case "onboarding":
        return yield* loadSeeds([restrictedUserQuery])
      default:
        return []
    }
  })
