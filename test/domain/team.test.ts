import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ClientTeam, ServerTeam, ServerTeamCreate, TeamCreate, TeamUpdate } from "../../src/domain/team.js"

const serverWire: typeof ServerTeam.Encoded = {
  id: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
  display_name: "Acme",
  profile_image_url: "data:image/png;base64,iVBORw0KGgo=",
  client_metadata: { color: "blue" },
  client_read_only_metadata: { tier: 2 },
  created_at_millis: 1620000000000,
  server_metadata: null
}

describe("teams", () => {
  it("ServerTeam decodes createdAt as a Date and round-trips", () => {
    const team = Schema.decodeUnknownSync(ServerTeam)(serverWire)
    assert.deepStrictEqual(team, {
      id: "6a0a8b4e-5c2e-4f51-9f8e-2f4b1c7d9e10",
      displayName: "Acme",
      profileImageUrl: "data:image/png;base64,iVBORw0KGgo=",
      clientMetadata: { color: "blue" },
      clientReadOnlyMetadata: { tier: 2 },
      createdAt: new Date(1620000000000),
      serverMetadata: null
    })
    assert.deepStrictEqual(Schema.encodeSync(ServerTeam)(team), serverWire)
  })

  it("ClientTeam drops the server-only fields", () => {
    const team = Schema.decodeUnknownSync(ClientTeam)(serverWire)
    assert.isFalse("createdAt" in team)
    assert.isFalse("serverMetadata" in team)
  })

  it("a team needs a display name", () => {
    const { display_name: _d, ...rest } = serverWire
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(ClientTeam)(rest)))
  })

  it("TeamCreate encodes the creator and leaves unset keys out", () => {
    assert.deepStrictEqual(Schema.encodeSync(TeamCreate)({ displayName: "New team", creatorUserId: "me" }), {
      display_name: "New team",
      creator_user_id: "me"
    })
  })

  it("ServerTeamCreate may set server metadata; TeamCreate strips it", () => {
    const wire = { display_name: "T", server_metadata: { a: 1 } }
    assert.deepStrictEqual(Schema.decodeUnknownSync(ServerTeamCreate)(wire), {
      displayName: "T",
      serverMetadata: { a: 1 }
    })
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamCreate)(wire), { displayName: "T" })
  })

  it("TeamUpdate can clear the profile image", () => {
    assert.deepStrictEqual(Schema.encodeSync(TeamUpdate)({ profileImageUrl: null }), { profile_image_url: null })
  })

  it("optional keys stay absent: nothing set encodes to {}, and undefined is not a value", () => {
    assert.deepStrictEqual(Schema.encodeSync(TeamUpdate)({}), {})
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamUpdate)({}), {})
    // exactOptionalPropertyTypes: an optional key may be left out but not set to undefined.
    // @ts-expect-error undefined is not a display name
    const invalid: TeamUpdate = { displayName: undefined }
    assert.isTrue(Exit.isFailure(Schema.encodeUnknownExit(TeamUpdate)(invalid)))
  })
})
