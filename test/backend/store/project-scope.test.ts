/**
 * The schema keeps every row inside its project: after migration 0003 a row that names a user, team, code
 * or provider account of another project is refused by the database itself, and the password hashes of a
 * database migrated from before 0003 get their user's project.
 */
import { PGlite } from "@electric-sql/pglite"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as initial from "../../../backend/src/store/migrations/0001-initial-schema.js"
import * as oauthTokens from "../../../backend/src/store/migrations/0002-oauth-tokens.js"
import * as projectScope from "../../../backend/src/store/migrations/0003-project-scope.js"

let pg: PGlite | undefined
const db = (): PGlite => {
  if (pg === undefined) throw new Error("the database is not open")
  return pg
}

const FOREIGN_KEY_VIOLATION = "23503"

beforeAll(async () => {
  pg = new PGlite()
  await pg.waitReady
  await pg.exec(initial.sql)
  await pg.exec(oauthTokens.sql)
  // Rows as a database written before 0003 holds them: two projects, a user each, A's user with a password.
  await pg.exec(`
    insert into projects (id, display_name, config) values ('a', 'A', '{}'), ('b', 'B', '{}');
    insert into users (id, project_id) values ('user-a', 'a'), ('user-a2', 'a'), ('user-b', 'b');
    insert into password_hashes (user_id, hash) values ('user-a', 'hash-a');
    insert into teams (id, project_id, display_name) values ('team-a', 'a', 'A team'), ('team-b', 'b', 'B team');
    insert into team_members (project_id, team_id, user_id) values ('a', 'team-a', 'user-a'), ('b', 'team-b', 'user-b');
    insert into verification_codes (id, project_id, purpose, code_hash, expires_at) values ('code-a', 'a', 'team_invitation', 'h', now());
    insert into oauth_accounts (id, project_id, user_id, provider_id, account_id) values ('account-a', 'a', 'user-a', 'github', '1');
  `)
  await pg.exec(projectScope.sql)
}, 300_000)

afterAll(async () => {
  await pg?.close()
})

describe("migration 0003-project-scope", () => {
  it("gives existing password hashes their user's project", async () => {
    const rows = await db().query("select project_id, user_id from password_hashes")
    assert.deepStrictEqual(rows.rows, [{ project_id: "a", user_id: "user-a" }])
  })

  // Each statement files a row under project B that points at something of project A.
  const crossings: ReadonlyArray<readonly [table: string, sql: string]> = [
    ["password_hashes", "insert into password_hashes (project_id, user_id, hash) values ('b', 'user-a2', 'x')"],
    [
      "contact_channels",
      "insert into contact_channels (id, project_id, user_id, value, normalized_value) values ('c1', 'b', 'user-a', 'x@y', 'x@y')"
    ],
    [
      "refresh_tokens",
      "insert into refresh_tokens (id, project_id, user_id, token_hash) values ('r1', 'b', 'user-a', 'h1')"
    ],
    [
      "verification_codes",
      "insert into verification_codes (id, project_id, purpose, code_hash, user_id, expires_at) values ('v1', 'b', 'p', 'h2', 'user-a', now())"
    ],
    ["team_members (team)", "insert into team_members (project_id, team_id, user_id) values ('b', 'team-a', 'user-b')"],
    ["team_members (user)", "insert into team_members (project_id, team_id, user_id) values ('b', 'team-b', 'user-a')"],
    [
      "team_member_permissions",
      "insert into team_member_permissions (project_id, team_id, user_id, permission_id) values ('b', 'team-a', 'user-a', '$x')"
    ],
    [
      "team_invitations (team)",
      "insert into team_invitations (id, project_id, team_id, recipient_email, expires_at) values ('i1', 'b', 'team-a', 'x@y', now())"
    ],
    [
      "team_invitations (code)",
      "insert into team_invitations (id, project_id, team_id, recipient_email, verification_code_id, expires_at) values ('i2', 'b', 'team-b', 'x@y', 'code-a', now())"
    ],
    [
      "oauth_accounts",
      "insert into oauth_accounts (id, project_id, user_id, provider_id, account_id) values ('o1', 'b', 'user-a', 'github', '2')"
    ],
    [
      "oauth_tokens",
      "insert into oauth_tokens (id, project_id, oauth_account_id, access_token) values ('t1', 'b', 'account-a', 'x')"
    ],
    [
      "passkeys",
      "insert into passkeys (id, project_id, user_id, credential_id, public_key, rp_id) values ('p1', 'b', 'user-a', 'c', 'k', 'localhost')"
    ],
    [
      "oauth_authorization_codes",
      "insert into oauth_authorization_codes (code_hash, project_id, user_id, redirect_uri, code_challenge, expires_at) values ('h3', 'b', 'user-a', 'http://x', 'c', now())"
    ]
  ]

  for (const [table, sql] of crossings) {
    it(`refuses a row of ${table} that crosses projects`, async () => {
      const error: unknown = await db()
        .query(sql)
        .then(
          () => undefined,
          (cause: unknown) => cause
        )
      assert.isDefined(error, `${table}: the row was stored`)
      assert.strictEqual((error as { readonly code?: unknown }).code, FOREIGN_KEY_VIOLATION, String(error))
    })
  }

  it("deleting a user still takes its rows along", async () => {
    await db().exec("delete from users where id = 'user-a'")
    for (const table of ["password_hashes", "team_members", "oauth_accounts"]) {
      const rows = await db().query(`select 1 from ${table} where user_id = 'user-a'`)
      assert.strictEqual(rows.rows.length, 0, table)
    }
  })
})
