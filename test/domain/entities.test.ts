import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "../../src/domain/contact-channel.js"
import {
  DEFAULT_TEMPLATE_IDS,
  EmailTemplate,
  EmailTemplateCreate,
  EmailTemplateCreated,
  EmailTemplateDeleted,
  EmailTemplateList,
  EmailTemplateRendered,
  EmailTemplateUpdate,
  TemplateId
} from "../../src/domain/email-template.js"
import {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "../../src/domain/permission-definition.js"
import { SuccessResponse } from "../../src/domain/success.js"
import { TeamInvitation, TeamInvitationDetails, TeamInvitationSent } from "../../src/domain/team-invitation.js"
import {
  ServerTeamMemberProfile,
  TeamMemberProfile,
  TeamMemberProfileUpdate
} from "../../src/domain/team-member-profile.js"
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
    assert.deepStrictEqual(
      Schema.decodeUnknownSync(TeamMemberProfile)({ ...wire, permission_ids: ["$read_members"] }),
      {
        teamId: "team-1",
        userId: "user-1",
        displayName: "Ann",
        profileImageUrl: null
      }
    )
    assert.deepStrictEqual(roundTrip(TeamMemberProfile, wire), wire)
  })

  it("the server view needs the embedded user", () => {
    fails(ServerTeamMemberProfile, wire)
  })

  it("update writes only what is set", () => {
    assert.deepStrictEqual(Schema.encodeSync(TeamMemberProfileUpdate)({ displayName: "Annie" }), {
      display_name: "Annie"
    })
  })
})

describe("team memberships, invitations and permissions", () => {
  it("membership", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamMembership)({ team_id: "t", user_id: "u" }), {
      teamId: "t",
      userId: "u"
    })
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
    fails(TeamInvitation, {
      id: "inv-1",
      team_id: "t",
      recipient_email: "bob@example.com",
      expires_at_millis: 1700000000000
    })
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
    assert.deepStrictEqual(Schema.decodeUnknownSync(TeamPermission)(wire), {
      id: "$read_members",
      userId: "u",
      teamId: "t"
    })
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
  const id = "e7d009ce-8d47-4528-b245-5bf119f2ffa3"

  it("decode the list the service answers: a default has no theme_id, a new one null, others an id or false", () => {
    const wire = {
      templates: [
        { id, display_name: "Email Verification", tsx_source: "export function EmailTemplate() {}" },
        { id: "0b6c2e43-7c43-4a43-9a57-5d0f1c1b2a10", display_name: "Welcome", tsx_source: "x", theme_id: null },
        { id: "1c6c2e43-7c43-4a43-9a57-5d0f1c1b2a10", display_name: "Plain", tsx_source: "x", theme_id: false },
        {
          id: "2c6c2e43-7c43-4a43-9a57-5d0f1c1b2a10",
          display_name: "Dark",
          tsx_source: "x",
          theme_id: "a0172b5d-cff0-463b-83bb-85124697373a"
        }
      ]
    }
    assert.deepStrictEqual(roundTrip(EmailTemplateList, wire), wire)
    const decoded = Schema.decodeUnknownSync(EmailTemplateList)(wire)
    assert.deepStrictEqual(decoded.templates[0], {
      id,
      displayName: "Email Verification",
      tsxSource: "export function EmailTemplate() {}"
    })
    assert.isFalse("themeId" in decoded.templates[0]!)
    assert.strictEqual(decoded.templates[2]!.themeId, false)
    // `true` is no theme value; a theme id the client sends must be a UUID (the service refuses others).
    fails(EmailTemplate, { id, display_name: "x", tsx_source: "x", theme_id: true })
    fails(EmailTemplateUpdate, { tsx_source: "x", theme_id: "dark" })
    // Not an items list.
    fails(EmailTemplateList, { items: [], is_paginated: false })
  })

  it("create, update and their answers", () => {
    assert.deepStrictEqual(Schema.encodeSync(EmailTemplateCreate)({ displayName: "Welcome" }), {
      display_name: "Welcome"
    })
    assert.deepStrictEqual(Schema.decodeUnknownSync(EmailTemplateCreated)({ id }), { id })
    assert.deepStrictEqual(Schema.encodeSync(EmailTemplateUpdate)({ tsxSource: "src" }), { tsx_source: "src" })
    assert.deepStrictEqual(Schema.encodeSync(EmailTemplateUpdate)({ tsxSource: "src", themeId: false }), {
      tsx_source: "src",
      theme_id: false
    })
    assert.deepStrictEqual(Schema.decodeUnknownSync(EmailTemplateRendered)({ rendered_html: "<p>hi</p>" }), {
      renderedHtml: "<p>hi</p>"
    })
    assert.deepStrictEqual(Schema.decodeUnknownSync(EmailTemplateDeleted)({}), {})
  })

  it("the default ids are the service's", () => {
    assert.strictEqual(DEFAULT_TEMPLATE_IDS.magic_link, "822687fe-8d0a-4467-a0d1-416b6e639478")
    assert.strictEqual(Object.keys(DEFAULT_TEMPLATE_IDS).length, 7)
    for (const value of Object.values(DEFAULT_TEMPLATE_IDS)) assert.isTrue(Schema.is(TemplateId)(value), value)
  })
})

describe("success answers", () => {
  it("are { success: true }", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(SuccessResponse)({ success: true }), { success: true })
    fails(SuccessResponse, { success: false })
  })
})
