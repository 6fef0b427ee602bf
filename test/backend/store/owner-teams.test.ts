/**
 * Migration 0004: projects owned by users (`project_owners`) become projects owned by a team of `internal`
 * holding those users as admins; stored configs take the service's current shape; an owner team must be a
 * team of `internal`.
 */
import { PGlite } from "@electric-sql/pglite"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as initial from "../../../backend/src/store/migrations/0001-initial-schema.js"
import * as oauthTokens from "../../../backend/src/store/migrations/0002-oauth-tokens.js"
import * as projectScope from "../../../backend/src/store/migrations/0003-project-scope.js"
import * as ownerTeams from "../../../backend/src/store/migrations/0004-owner-teams.js"

let pg: PGlite | undefined
const db = (): PGlite => {
  if (pg === undefined) throw new Error("the database is not open")
  return pg
}

// A config as stackfx stored it before 0004: a config id, legacy signing, providers with `enabled`.
const OLD_CONFIG = JSON.stringify({
  id: "cfg-1",
  legacy_global_jwt_signing: false,
  sign_up_enabled: true,
  oauth_providers: [
    { id: "github", type: "shared", enabled: true },
    { id: "google", type: "standard", enabled: false, client_id: "c", client_secret: "s" }
  ],
  enabled_oauth_providers: [{ id: "github" }]
})

beforeAll(async () => {
  pg = new PGlite()
  await pg.waitReady
  await pg.exec(initial.sql)
  await pg.exec(oauthTokens.sql)
  await pg.exec(projectScope.sql)
  await pg.query(
    "insert into projects (id, display_name, config) values ('internal', 'Stack Dashboard', '{}'), ('owned', 'Owned', $1), ('b', 'B', '{}')",
    [OLD_CONFIG]
  )
  await pg.exec(`
    insert into permission_definitions (project_id, id, scope, description) values ('internal', 'admin', 'team', 'Admin');
    insert into users (id, project_id) values ('alice', 'internal'), ('bob', 'internal'), ('b-user', 'b');
    insert into teams (id, project_id, display_name) values ('team-b', 'b', 'B team');
    insert into project_owners (project_id, user_id) values ('owned', 'alice'), ('owned', 'bob');
  `)
  await pg.exec(ownerTeams.sql)
}, 300_000)

afterAll(async () => {
  await pg?.close()
})

describe("migration 0004-owner-teams", () => {
  it("gives an owned project a team of internal holding its owners as admins", async () => {
    const project = (
      await db().query<{ owner_team_id: string | null }>("select owner_team_id from projects where id = 'owned'")
    ).rows[0]
    const teamId = project?.owner_team_id
    assert.isString(teamId)
    const team = await db().query("select project_id, display_name from teams where id = $1", [teamId])
    assert.deepStrictEqual(team.rows, [{ project_id: "internal", display_name: "Owned" }])
    const members = await db().query("select user_id from team_members where team_id = $1 order by user_id", [teamId])
    assert.deepStrictEqual(members.rows, [{ user_id: "alice" }, { user_id: "bob" }])
    const grants = await db().query(
      "select user_id, permission_id from team_member_permissions where team_id = $1 order by user_id",
      [teamId]
    )
    assert.deepStrictEqual(grants.rows, [
      { user_id: "alice", permission_id: "admin" },
      { user_id: "bob", permission_id: "admin" }
    ])
    const unowned = await db().query("select owner_team_id from projects where id = 'b'")
    assert.deepStrictEqual(unowned.rows, [{ owner_team_id: null }])
  })

  it("rewrites the stored config into the current shape", async () => {
    const row = (
      await db().query<{ config: Record<string, unknown> }>("select config from projects where id = 'owned'")
    ).rows[0]
    const config = row?.config ?? {}
    assert.notProperty(config, "id")
    assert.notProperty(config, "legacy_global_jwt_signing")
    // The disabled provider is gone; the service lists only providers users may sign in with.
    assert.deepStrictEqual(config["oauth_providers"], [{ id: "github", type: "shared", provider_config_id: "github" }])
    assert.strictEqual(config["email_theme"], "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac")
    assert.strictEqual(config["oauth_account_merge_strategy"], "link_method")
    assert.deepStrictEqual(config["user_default_permissions"], [])
  })

  it("drops project_owners and refuses an owner team outside internal", async () => {
    const tables = await db().query("select 1 from information_schema.tables where table_name = 'project_owners'")
    assert.strictEqual(tables.rows.length, 0)
    const error: unknown = await db()
      .query("update projects set owner_team_project_id = 'b', owner_team_id = 'team-b' where id = 'b'")
      .then(
        () => undefined,
        (cause: unknown) => cause
      )
    assert.isDefined(error, "a team of another project became an owner")
    const unknownTeam: unknown = await db()
      .query("update projects set owner_team_project_id = 'internal', owner_team_id = 'team-b' where id = 'b'")
      .then(
        () => undefined,
        (cause: unknown) => cause
      )
    assert.strictEqual((unknownTeam as { readonly code?: unknown }).code, "23503")
  })

  it("leaves a project without an owner when its team is deleted", async () => {
    const teamId = (
      await db().query<{ owner_team_id: string }>("select owner_team_id from projects where id = 'owned'")
    ).rows[0]?.owner_team_id
    await db().query("delete from teams where id = $1", [teamId])
    const after = await db().query("select owner_team_id from projects where id = 'owned'")
    assert.deepStrictEqual(after.rows, [{ owner_team_id: null }])
  })
})
