import { assert, describe, it } from "@effect/vitest"
import { type TestProject, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const admin = (project: TestProject, method: string, path: string, body?: unknown) =>
  backend.call(project, method, path, { accessType: "admin", body })
const server = (project: TestProject, method: string, path: string, body?: unknown) =>
  backend.call(project, method, path, { accessType: "server", body })

const define = async (project: TestProject, id: string, contained: ReadonlyArray<string> = []) => {
  const res = await admin(project, "POST", "/project-permission-definitions", {
    id,
    contained_permission_ids: contained
  })
  assert.strictEqual(res.status, 201, res.text)
  return res.body
}

const patchConfig = (
  project: TestProject,
  level: string,
  override: unknown,
  accessType: "admin" | "server" = "admin"
) =>
  backend.call(project, "PATCH", `/internal/config/override/${level}`, {
    accessType,
    body: { config_override_string: JSON.stringify(override) }
  })

const effective = async (project: TestProject) => {
  const res = await admin(project, "GET", "/internal/config")
  assert.strictEqual(res.status, 200, res.text)
  return JSON.parse(res.body.config_string)
}

describe("/project-permission-definitions and /project-permissions", () => {
  it("defines, grants, lists (recursive only with recursive=true, as the service) and revokes", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    await define(project, "read_docs")
    const editor = await define(project, "edit_docs", ["read_docs"])
    assert.deepStrictEqual(editor, { id: "edit_docs", contained_permission_ids: ["read_docs"] })
    const listed = await admin(project, "GET", "/project-permission-definitions")
    assert.deepStrictEqual(
      listed.body.items.map((d: { id: string }) => d.id),
      ["edit_docs", "read_docs"]
    )

    const granted = await server(project, "POST", `/project-permissions/${user.userId}/edit_docs`)
    assert.strictEqual(granted.status, 201, granted.text)
    assert.deepStrictEqual(granted.body, { id: "edit_docs", user_id: user.userId })

    const own = (query: string) =>
      backend.call(project, "GET", `/project-permissions?user_id=me${query}`, { accessToken: user.accessToken })
    assert.deepStrictEqual((await own("&recursive=true")).body.items, [
      { id: "edit_docs", user_id: user.userId },
      { id: "read_docs", user_id: user.userId }
    ])
    assert.deepStrictEqual(
      (await own("")).body.items.map((p: { id: string }) => p.id),
      ["edit_docs"]
    )
    assert.deepStrictEqual(
      (await own("&recursive=true&permission_id=read_docs")).body.items.map((p: { id: string }) => p.id),
      ["read_docs"]
    )

    // Only direct grants can be revoked: the service answers PERMISSION_NOT_FOUND otherwise.
    const indirect = await server(project, "DELETE", `/project-permissions/${user.userId}/read_docs`)
    assert.strictEqual(indirect.knownError, "PERMISSION_NOT_FOUND")
    const revoked = await server(project, "DELETE", `/project-permissions/${user.userId}/edit_docs`)
    assert.deepStrictEqual(revoked.body, { success: true })
    assert.deepStrictEqual((await own("&recursive=true")).body.items, [])
  })

  it("refuses what the service refuses: unknown ids, the other scope, other users for clients, client grants", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = await backend.signUp(project)
    await define(project, "billing")
    const unknown = await server(project, "POST", `/project-permissions/${user.userId}/ghost`)
    assert.strictEqual(unknown.knownError, "PERMISSION_NOT_FOUND")
    const teamScope = await server(project, "POST", `/project-permissions/${user.userId}/$read_members`)
    assert.strictEqual(teamScope.knownError, "WRONG_PERMISSION_SCOPE")
    assert.deepStrictEqual(teamScope.body.details, {
      permission_id: "$read_members",
      expected_scope: "project",
      actual_scope: "team"
    })
    const noUser = await server(project, "POST", "/project-permissions/00000000-0000-4000-8000-000000000000/billing")
    assert.strictEqual(noUser.knownError, "USER_NOT_FOUND")
    // Ids are unique across both scopes; contained ids must be of the same scope.
    const clash = await admin(project, "POST", "/team-permission-definitions", { id: "billing" })
    assert.strictEqual(clash.knownError, "PERMISSION_ID_ALREADY_EXISTS")
    const crossScope = await admin(project, "POST", "/project-permission-definitions", {
      id: "x",
      contained_permission_ids: ["$read_members"]
    })
    assert.strictEqual(crossScope.knownError, "CONTAINED_PERMISSION_NOT_FOUND")
    const teamGrantOfProjectPermission = await admin(project, "POST", "/team-permission-definitions", {
      id: "team_only"
    })
    assert.strictEqual(teamGrantOfProjectPermission.status, 201)

    const forOther = await backend.call(project, "GET", `/project-permissions?user_id=${other.userId}`, {
      accessToken: user.accessToken
    })
    assert.strictEqual(forOther.status, 403)
    const clientGrant = await backend.call(project, "POST", `/project-permissions/me/billing`, {
      accessToken: user.accessToken
    })
    assert.strictEqual(clientGrant.knownError, "INSUFFICIENT_ACCESS_TYPE")
    const clientDefine = await backend.call(project, "GET", "/project-permission-definitions")
    assert.strictEqual(clientDefine.knownError, "INSUFFICIENT_ACCESS_TYPE")
  })

  it("renaming and deleting a definition carries over to grants, containers and the default permissions", async () => {
    const project = await backend.createProject()
    await define(project, "leaf")
    await define(project, "root", ["leaf"])
    await admin(project, "PATCH", "/internal/projects/current", {
      config: { user_default_permissions: [{ id: "root" }] }
    })
    const user = await backend.signUp(project)
    const renamed = await admin(project, "PATCH", "/project-permission-definitions/leaf", { id: "leaf2" })
    assert.deepStrictEqual(renamed.body, { id: "leaf2", contained_permission_ids: [] })
    const defs = await admin(project, "GET", "/project-permission-definitions")
    assert.deepStrictEqual(defs.body.items.find((d: { id: string }) => d.id === "root").contained_permission_ids, [
      "leaf2"
    ])
    const held = await server(project, "GET", `/project-permissions?user_id=${user.userId}&recursive=true`)
    assert.deepStrictEqual(
      held.body.items.map((p: { id: string }) => p.id),
      ["leaf2", "root"]
    )
    assert.deepStrictEqual((await admin(project, "DELETE", "/project-permission-definitions/root")).body, {
      success: true
    })
    const after = await admin(project, "GET", "/internal/projects/current")
    assert.deepStrictEqual(after.body.config.user_default_permissions, [])
    assert.deepStrictEqual((await server(project, "GET", `/project-permissions?user_id=${user.userId}`)).body.items, [])
  })
})

describe("/internal/config", () => {
  it("answers the effective config as a JSON string, reflecting the admin project's config", async () => {
    const project = await backend.createProject({ config: { allow_user_api_keys: true } })
    const config = await effective(project)
    assert.isTrue(config.apiKeys.enabled.user)
    assert.isFalse(config.apiKeys.enabled.team)
    assert.strictEqual(config.auth.oauth.accountMergeStrategy, "link_method")
    assert.strictEqual(config.auth.signUpRulesDefaultAction, "allow")
    assert.deepStrictEqual(config.auth.signUpRules, {})
    const client = await backend.call(project, "GET", "/internal/config")
    assert.strictEqual(client.knownError, "INSUFFICIENT_ACCESS_TYPE")
  })

  it("an override changes the effective config and the admin project read alike (one source of truth)", async () => {
    const project = await backend.createProject()
    const res = await patchConfig(project, "branch", {
      "apiKeys.enabled.user": false,
      apiKeys: { enabled: { team: true } },
      "auth.oauth.accountMergeStrategy": "raise_error",
      onboarding: { requireEmailVerification: true }
    })
    // `apiKeys` written after `apiKeys.enabled.user` replaces it, as the service's override merge does.
    assert.deepStrictEqual(res.body, { success: true })
    const config = await effective(project)
    assert.isTrue(config.apiKeys.enabled.team)
    assert.strictEqual(config.auth.oauth.accountMergeStrategy, "raise_error")
    assert.isTrue(config.onboarding.requireEmailVerification)
    const read = await admin(project, "GET", "/internal/projects/current")
    assert.isTrue(read.body.config.allow_team_api_keys)
    assert.strictEqual(read.body.config.oauth_account_merge_strategy, "raise_error")
    // And the other way: the project update changes the effective config.
    await admin(project, "PATCH", "/internal/projects/current", { config: { allow_team_api_keys: false } })
    assert.isFalse((await effective(project)).apiKeys.enabled.team)
    const override = await admin(project, "GET", "/internal/config/override/branch")
    assert.deepStrictEqual(JSON.parse(override.body.config_string), {
      "apiKeys.enabled.team": true,
      "auth.oauth.accountMergeStrategy": "raise_error",
      "onboarding.requireEmailVerification": true
    })
  })

  it("refuses bad overrides with plain 400s, and server access outside the branch level with a 403", async () => {
    const project = await backend.createProject()
    const badJson = await admin(project, "PATCH", "/internal/config/override/branch", { config_override_string: "{" })
    assert.strictEqual(badJson.status, 400)
    assert.strictEqual(badJson.text, "Invalid config JSON")
    assert.strictEqual((await patchConfig(project, "branch", { "apiKeys.enabled.user": "yes" })).status, 400)
    assert.strictEqual((await patchConfig(project, "branch", { nonsense: true })).status, 400)
    assert.strictEqual((await patchConfig(project, "project", { "apiKeys.enabled.user": true })).status, 400)
    const level = await patchConfig(project, "nowhere", {})
    assert.strictEqual(level.knownError, "SCHEMA_ERROR")
    assert.strictEqual(
      (await patchConfig(project, "environment", { "apiKeys.enabled.user": true }, "server")).status,
      403
    )
    assert.strictEqual((await patchConfig(project, "branch", { "apiKeys.enabled.user": true }, "server")).status, 200)
    const noSource = await admin(project, "PUT", "/internal/config/override/branch", { config_string: "{}" })
    assert.strictEqual(noSource.status, 400)
    assert.strictEqual(noSource.text, "source is required for branch level config")
    const put = await admin(project, "PUT", "/internal/config/override/branch", {
      config_string: "{}",
      source: { type: "unlinked" }
    })
    assert.strictEqual(put.status, 200, put.text)
    // Replacing the override resets what the old one set.
    assert.isFalse((await effective(project)).apiKeys.enabled.user)
  })
})

describe("sign-up rules", () => {
  const rejectDomain = (domain: string) => ({
    "auth.signUpRules.no_spam": {
      enabled: true,
      priority: 1,
      condition: `emailDomain == "${domain}"`,
      action: { type: "reject", message: "internal note" }
    }
  })

  it("a rule rejecting a domain answers SIGN_UP_REJECTED to a password sign-up; other domains and server-made users pass", async () => {
    const project = await backend.createProject({ config: { magic_link_enabled: true } })
    assert.strictEqual((await patchConfig(project, "environment", rejectDomain("spam.test"))).status, 200)
    const rejected = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: "Someone@SPAM.test", password: "correct horse battery" }
    })
    assert.strictEqual(rejected.status, 403)
    assert.strictEqual(rejected.knownError, "SIGN_UP_REJECTED")
    assert.deepStrictEqual(rejected.body.details, {
      message: "Your sign up was rejected by an administrator's sign-up rule."
    })
    await backend.signUp(project, { email: uniqueEmail() })
    // The server API is not a sign-up: its users are not checked.
    const created = await server(project, "POST", "/users", { primary_email: "admin-made@spam.test" })
    assert.strictEqual(created.status, 201, created.text)
  })

  it("restrict lets the sign-up through and marks the user restricted; the default action can reject", async () => {
    const project = await backend.createProject()
    await patchConfig(project, "branch", {
      "auth.signUpRules.watch": {
        enabled: true,
        condition: 'email.endsWith("@watch.test")',
        action: { type: "restrict" }
      },
      "auth.signUpRules.off": { enabled: false, condition: "true", action: { type: "reject" } }
    })
    const watched = await backend.signUp(project, { email: "a@watch.test" })
    const user = await server(project, "GET", `/users/${watched.userId}`)
    assert.isTrue(user.body.is_restricted)
    assert.deepStrictEqual(user.body.restricted_reason, { type: "restricted_by_administrator" })
    const config = await effective(project)
    assert.deepStrictEqual(Object.keys(config.auth.signUpRules), ["off", "watch"])

    await patchConfig(project, "branch", {
      "auth.signUpRulesDefaultAction": "reject",
      "auth.signUpRules.staff": { enabled: true, condition: 'emailDomain in ["staff.test"]', action: { type: "allow" } }
    })
    assert.strictEqual(
      (
        await backend.call(project, "POST", "/auth/password/sign-up", {
          body: { email: uniqueEmail(), password: "correct horse battery" }
        })
      ).knownError,
      "SIGN_UP_REJECTED"
    )
    await backend.signUp(project, { email: "b@staff.test" })
  })

  it("requiring a verified e-mail restricts users until they verify", async () => {
    const project = await backend.createProject()
    await patchConfig(project, "branch", { "onboarding.requireEmailVerification": true })
    const user = await backend.signUp(project)
    const read = await server(project, "GET", `/users/${user.userId}`)
    assert.deepStrictEqual(read.body.restricted_reason, { type: "email_not_verified" })
  })

  it("new users get the project's default project permissions", async () => {
    const project = await backend.createProject()
    // (`member` is a team permission every project starts with, so the project one has another id.)
    await define(project, "reader")
    await patchConfig(project, "branch", { "rbac.defaultPermissions.signUp.reader": true })
    const read = await admin(project, "GET", "/internal/projects/current")
    assert.deepStrictEqual(read.body.config.user_default_permissions, [{ id: "reader" }])
    const user = await backend.signUp(project)
    const held = await server(project, "GET", `/project-permissions?user_id=${user.userId}`)
    assert.deepStrictEqual(held.body.items, [{ id: "reader", user_id: user.userId }])
  })
})
