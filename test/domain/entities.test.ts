import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "../../src/domain/contact-channel.js"
import { EmailTemplate, EmailTemplateUpdate } from "../../src/domain/email-template.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../../src/domain/permission-definition.js"
import { SuccessResponse } from "../../src/domain/success.js"
import { TeamInvitation, TeamInvitationDetails, TeamInvitationSent } from "../../src/domain/team-invitation.js"
import { ServerTeamMemberProfile, TeamMemberProfile, TeamMemberProfileUpdate } from "../../src/domain/team-member-profile.js"
import { TeamMembership } from "../../src/domain/team-membership.js"
import { isBuiltInPermissionId, PermissionId, TeamPermission } from "../../src/domain/team-permission.js"

const roundTrip = <S extends Schema.Codec<unknown, unknown>>(schema: S, wire: unknown): unknown =>
  Schema.encodeUnknownSync(schema)(Schema.decodeUnknownSync(schema)(wire))

const fails = (schema: Schema.Codec<unknown, unknown>, wire: unknown) =>
  assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(schema)(wire)))

describe("team member profiles", () => {
  const wire: typeof TeamMemberProfile.Encoded = {
    team_id: "team-1",
    user_id: "user-1",
    display_name: "Ann",
    profile_image_url: null
  }

  it("decode to camelCase", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamMemberProfile)({ ...wire, permission_ids: ["$read_members"] }), {
      teamId: "team-1",
      userId: "user-1",
      displayName: "Ann",
      profileImageUrl: null
    })
    assert.deepStrictEqual(roundTrip(TeamMemberProfile, wire), wire)
  })

  it("the server view needs the embedded user", () => {
    fails(ServerTeamMemberProfile, wire)
  })

  it("update writes only what is set", () => {
    assert.deepStrictEqual(Schema.encodeSync(TeamMemberProfileUpdate)({ displayName: "Annie" }), { display_name: "Annie" })
  })
})

describe("team memberships, invitations and permissions", () => {
  it("membership", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamMembership)({ team_id: "t", user_id: "u" }), { teamId: "t", userId: "u" })
  })

  it("invitation carries the team name", () => {
    const wire: typeof TeamInvitation.Encoded = {
      id: "inv-1",
      team_id: "t",
      team_display_name: "Acme",
      recipient_email: "bob@example.com",
      expires_at_millis: 1700000000000
    }
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamInvitation)(wire), {
      id: "inv-1",
      teamId: "t",
      teamDisplayName: "Acme",
      recipientEmail: "bob@example.com",
      expiresAt: new Date(1700000000000)
    })
    assert.deepStrictEqual(roundTrip(TeamInvitation, wire), wire)
  })

  it("invitation without the team name is refused (hosted always sends it)", () => {
    fails(TeamInvitation, { id: "inv-1", team_id: "t", recipient_email: "bob@example.com", expires_at_millis: 1700000000000 })
  })

  it("send-code and details answers", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamInvitationSent)({ success: true, id: "inv-1" }), {
      success: true,
      id: "inv-1"
    })
    fails(TeamInvitationSent, { success: false, id: "inv-1" })
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamInvitationDetails)({ team_display_name: "Acme" }), {
      teamDisplayName: "Acme"
    })
  })

  it("team permission", () => {
    const wire = { id: "$read_members", user_id: "u", team_id: "t" }
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamPermission)(wire), { id: "$read_members", userId: "u", teamId: "t" })
  })

  it("permission ids follow ^\\$?[a-z0-9_:]+$", () => {
    for (const ok of ["read", "$read_members", "org:admin_2"]) {
      assert.isTrue(Exit.isSuccess(Schema.decodeUnknownExit(PermissionId)(ok)), ok)
    }
    for (const bad of ["", "Read", "a-b", "$$x", "a b", "é"]) fails(PermissionId, bad)
    assert.isTrue(isBuiltInPermissionId("$update_team"))
    assert.isFalse(isBuiltInPermissionId("update_team"))
  })

  it("permission definitions", () => {
    const wire = { id: "admin", description: "Admins", contained_permission_ids: ["$read_members", "moderator"] }
    assert.deepStrictEqual(Schema.decodeUnknownSync(PermissionDefinition)(wire), {
      id: "admin",
      description: "Admins",
      containedPermissionIds: ["$read_members", "moderator"]
    })
    assert.deepStrictEqual(roundTrip(PermissionDefinition, { id: "x", contained_permission_ids: [] }), {
      id: "x",
      contained_permission_ids: []
    })
    fails(PermissionDefinitionCreate, { id: "Not Valid" })
    assert.deepStrictEqual(Schema.encodeSync(PermissionDefinitionUpdate)({ containedPermissionIds: [] }), {
      contained_permission_ids: []
    })
  })
})

describe("contact channels", () => {
  const wire: typeof ContactChannel.Encoded = {
    id: "cc-1",
    user_id: "u",
    type: "email",
    value: "ann@example.com",
    is_verified: true,
    is_primary: true,
    used_for_auth: false
  }

  it("decode and round-trip", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(ContactChannel)(wire), {
      id: "cc-1",
      userId: "u",
      type: "email",
      value: "ann@example.com",
      isVerified: true,
      isPrimary: true,
      usedForAuth: false
    })
    assert.deepStrictEqual(roundTrip(ContactChannel, wire), wire)
  })

  it("only email channels exist", () => {
    fails(ContactChannel, { ...wire, type: "phone" })
  })

  it("create and update bodies", () => {
    assert.deepStrictEqual(
      Schema.encodeSync(ContactChannelCreate)({ userId: "me", value: "a@b.c", type: "email", usedForAuth: true }),
      { user_id: "me", value: "a@b.c", type: "email", used_for_auth: true }
    )
    assert.deepStrictEqual(Schema.encodeSync(ContactChannelUpdate)({ isPrimary: true }), { is_primary: true })
  })
})

describe("email templates", () => {
  it("decode the four types and reject others", () => {
    for (const type of ["email_verification", "password_reset", "magic_link", "team_invitation"]) {
      const wire = { type, subject: "Hi", content: { type: "doc", content: [] }, is_default: true }
      assert.deepStrictEqual(roundTrip(EmailTemplate, wire), wire)
    }
    fails(EmailTemplate, { type: "welcome", subject: "Hi", content: "x", is_default: false })
  })

  it("update", () => {
    assert.deepStrictEqual(Schema.encodeSync(EmailTemplateUpdate)({ subject: "New" }), { subject: "New" })
  })
})

describe("success answers", () => {
  it("are { success: true }", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(SuccessResponse)({ success: true }), { success: true })
    fails(SuccessResponse, { success: false })
  })
})
