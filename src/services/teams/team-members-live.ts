/**
 * The implementations of {@link TeamMembers} and {@link ServerTeamMembers}, loaded on first use (see
 * lazy-service.ts): every member is a declared call (team-members-calls.ts).
 */
import { implement } from "../http/service-calls.js"
import { ServerTeamMembersCalls, TeamMembersCalls } from "./team-members-calls.js"

export const makeTeamMembers = implement(TeamMembersCalls)

export const makeServerTeamMembers = implement(ServerTeamMembersCalls)
