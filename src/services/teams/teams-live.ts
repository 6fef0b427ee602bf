/**
 * The implementations of {@link Teams} and {@link ServerTeams}, loaded on first use (see
 * lazy-service.ts): every member is a declared call (teams-calls.ts).
 */
import { implement } from "../http/service-calls.js"
import { ServerTeamsCalls, TeamsCalls } from "./teams-calls.js"

export const makeTeams = implement(TeamsCalls)

export const makeServerTeams = implement(ServerTeamsCalls)
