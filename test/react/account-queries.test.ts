/** The account-settings queries read under the keys the services' writes announce (account-keys.ts). */
import { assert, describe, it } from "@effect/vitest"
import {
  activeSessionsQuery,
  notificationPreferencesQuery,
  receivedTeamInvitationsQuery
} from "../../src/react/queries.js"
import { accountKeys } from "../../src/contract/data-keys.js"
import { coversKey, type DataKey } from "../../src/services/changes/data-changes.js"
import { memberChanges } from "../../src/services/http/service-calls.js"
import { ActiveSessionsCalls } from "../../src/services/sessions/active-sessions.js"
import { ContactChannelsCalls } from "../../src/services/users/contact-channels.js"
import { NotificationPreferencesCalls } from "../../src/services/users/notification-preferences.js"
import { ServerTeamsCalls, TeamsCalls } from "../../src/services/teams/teams.js"
import { TeamInvitationsCalls } from "../../src/services/teams/team-invitations.js"

describe("account-settings queries", () => {
  it("are cached under the keys their services' writes make stale", () => {
    assert.deepStrictEqual(activeSessionsQuery.key, accountKeys.sessions)
    assert.deepStrictEqual(notificationPreferencesQuery.key, accountKeys.notificationPreferences)
    assert.deepStrictEqual(memberChanges(ActiveSessionsCalls, "revoke")("s"), [accountKeys.sessions])
    assert.deepStrictEqual(memberChanges(NotificationPreferencesCalls, "set")("c", true), [
      accountKeys.notificationPreferences
    ])
    assert.deepStrictEqual(receivedTeamInvitationsQuery.key, accountKeys.receivedTeamInvitations)
  })

  it("the received invitations reload after an accept, a team's change or a change of the user's addresses", () => {
    const reaches = (announced: ReadonlyArray<DataKey>) =>
      announced.some((key) => coversKey(key, accountKeys.receivedTeamInvitations))
    const writes: Record<string, ReadonlyArray<DataKey>> = {
      "TeamInvitations.acceptById": memberChanges(TeamInvitationsCalls, "acceptById")("i"),
      "TeamInvitations.accept": memberChanges(TeamInvitationsCalls, "accept")("c"),
      "TeamInvitations.send": memberChanges(TeamInvitationsCalls, "send")({ teamId: "t", email: "a@example.com" }),
      "TeamInvitations.revoke": memberChanges(TeamInvitationsCalls, "revoke")("t", "i"),
      "Teams.update": memberChanges(TeamsCalls, "update")("t", {}),
      "Teams.delete": memberChanges(TeamsCalls, "delete")("t"),
      "Teams.leave": memberChanges(TeamsCalls, "leave")("t"),
      "ServerTeams.update": memberChanges(ServerTeamsCalls, "update")("t", {}),
      "ServerTeams.delete": memberChanges(ServerTeamsCalls, "delete")("t"),
      "ServerTeams.addMember": memberChanges(ServerTeamsCalls, "addMember")("t", "u"),
      "ServerTeams.removeMember": memberChanges(ServerTeamsCalls, "removeMember")("t", "u"),
      "ContactChannels.update": memberChanges(ContactChannelsCalls, "update")("c", {})
    }
    for (const [write, announced] of Object.entries(writes)) assert.isTrue(reaches(announced), write)
    assert.isFalse(reaches(memberChanges(TeamInvitationsCalls, "listReceived")()), "a read")
  })
})
