/**
 * Migration 0005 gives a database made before it the hosted ids of the default team permissions: `admin`
 * becomes `team_admin` and `member` becomes `team_member` in the definitions, the grants, the definitions
 * that contain them and the config's creator and member defaults. A project that already has a
 * `team_admin` of its own keeps its `admin` as it is.
 */
import { PGlite } from "@electric-sql/pglite"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as initial from "../../../backend/src/store/migrations/0001-initial-schema.js"
import * as oauthTokens from "../../../backend/src/store/migrations/0002-oauth-tokens.js"
import * as projectScope from "../../../backend/src/store/migrations/0003-project-scope.js"
import * as ownerTeams from "../../../backend/src/store/migrations/0004-owner-teams.js"
import * as permissionNames from "../../../backend/src/store/migrations/0006-team-permission-names.js"

let pg: PGlite | undefined
const db = (): PGlite => {
  if (pg === undefined) throw new Error("the database is not open")
  return pg
}

const config = (creator: string, member: string) =>
  JSON.stringify({
    id: "c",
    team_creator_default_permissions: [{ id: creator }],
    team_member_default_permissions: [{ id: member }]
  })

beforeAll(async () => {
  pg = new PGlite()
  await pg.waitReady
  await pg.exec(initial.sql)
  await pg.exec(oauthTokens.sql)
  await pg.exec(projectScope.sql)
  await pg.exec(`begin; ${ownerTeams.sql}; commit;`)
  // Project a as this backend created projects before 0005, with a grant of each and a custom permission
  // that contains `member`; project b already defined a `team_admin` of its own.
  await pg.exec(`
    insert into projects (id, display_name, config) values ('a', 'A', '${config("admin", "member")}'), ('b', 'B', '${config("admin", "member")}');
    insert into permission_definitions (project_id, id, description, contained_permission_ids, is_builtin) values
      ('a', '$read_members', 'Read', '[]', true),
      ('a', 'admin', 'Default permission for team creators', '["$update_team", "$read_members"]', false),
      ('a', 'member', 'Default permission for team members', '["$read_members"]', false),
      ('a', 'moderator', 'Mine', '["member", "$remove_members"]', false),
      ('b', 'admin', 'Default permission for team creators', '[]', false),
      ('b', 'team_admin', 'Theirs', '[]', false),
      ('b', 'member', 'Default permission for team members', '[]', false);
    insert into users (id, project_id) values ('u', 'a');
    insert into teams (id, project_id, display_name) values ('t', 'a', 'T');
    insert into team_members (project_id, team_id, user_id) values ('a', 't', 'u');
    insert into team_member_permissions (project_id, team_id, user_id, permission_id) values ('a', 't', 'u', 'admin'), ('a', 't', 'u', 'member');
  `)
  await pg.exec(`begin; ${permissionNames.sql}; commit;`)
}, 300_000)

afterAll(async () => {
  await pg?.close()
})

const definitions = async (projectId: string) =>
  (
    await db().query<{ id: string; description: string; contained_permission_ids: ReadonlyArray<string> }>(
      "select id, description, contained_permission_ids from permission_definitions where project_id = $1 order by id",
      [projectId]
    )
  ).rows

describe("migration 0006-team-permission-names", () => {
  it("renames the definitions with the hosted descriptions, and what contains them", async () => {
    assert.deepStrictEqual(await definitions("a"), [
      { id: "$read_members", description: "Read", contained_permission_ids: [] },
      { id: "moderator", description: "Mine", contained_permission_ids: ["team_member", "$remove_members"] },
      {
        id: "team_admin",
        description: "Default permission for team admins",
        contained_permission_ids: ["$update_team", "$read_members"]
      },
      {
        id: "team_member",
        description: "Default permission for team members",
        contained_permission_ids: ["$read_members"]
      }
    ])
  })

  it("renames the grants", async () => {
    const rows = await db().query("select permission_id from team_member_permissions order by permission_id")
    assert.deepStrictEqual(rows.rows, [{ permission_id: "team_admin" }, { permission_id: "team_member" }])
  })

  it("renames the config's defaults and keeps its other keys", async () => {
    const rows = await db().query<{ config: unknown }>("select config from projects where id = 'a'")
    assert.deepStrictEqual(rows.rows[0]?.config, JSON.parse(config("team_admin", "team_member")))
  })

  it("leaves an id alone where the new one is taken", async () => {
    assert.deepStrictEqual(
      (await definitions("b")).map((d) => d.id),
      ["admin", "team_admin", "team_member"]
    )
    const rows = await db().query<{ config: unknown }>("select config from projects where id = 'b'")
    assert.deepStrictEqual(rows.rows[0]?.config, JSON.parse(config("admin", "team_member")))
  })
})
