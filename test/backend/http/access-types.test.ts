import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { type ShiftedLocalBackend, startShiftedLocalBackend } from "../../support/local-backend-clock.js"
import { call, type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend({ ownedProjects: true })

interface Case {
  readonly name: string
  readonly headers: (project: TestProject, other: TestProject) => Record<string, string | undefined>
  readonly status: number
  readonly code: string
  readonly details?: (project: TestProject) => unknown
}

const none = {
  "x-stack-access-type": undefined,
  "x-stack-project-id": undefined,
  "x-stack-publishable-client-key": undefined
}

/** Header cases that fail whatever the endpoint. */
const cases: ReadonlyArray<Case> = [
  { name: "no headers", headers: () => none, status: 400, code: "ACCESS_TYPE_REQUIRED" },
  {
    name: "a key without access type",
    headers: (p) => ({ ...none, "x-stack-project-id": p.id, "x-stack-secret-server-key": p.secretServerKey }),
    status: 400,
    code: "PROJECT_KEY_WITHOUT_ACCESS_TYPE"
  },
  {
    name: "an invalid access type",
    headers: (p) => ({ ...none, "x-stack-access-type": "superuser", "x-stack-project-id": p.id }),
    status: 400,
    code: "INVALID_ACCESS_TYPE"
  },
  {
    name: "an access type without project id",
    headers: (p) => ({ ...none, "x-stack-access-type": "server", "x-stack-secret-server-key": p.secretServerKey }),
    status: 400,
    code: "ACCESS_TYPE_WITHOUT_PROJECT_ID",
    details: () => ({ request_type: "server" })
  },
  {
    // Project A requires a publishable client key (`project.requirePublishableClientKey`).
    name: "client without publishable key",
    headers: (p) => ({ ...none, "x-stack-access-type": "client", "x-stack-project-id": p.id }),
    status: 401,
    code: "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
    details: (p) => ({ project_id: p.id })
  },
  {
    name: "client with the public-client sentinel as its key",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "client",
      "x-stack-project-id": p.id,
      "x-stack-publishable-client-key": "__stack_public_client__"
    }),
    status: 401,
    code: "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
    details: (p) => ({ project_id: p.id })
  },
  {
    name: "client with a wrong publishable key",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "client",
      "x-stack-project-id": p.id,
      "x-stack-publishable-client-key": "nope"
    }),
    status: 401,
    code: "INVALID_PUBLISHABLE_CLIENT_KEY",
    details: (p) => ({ project_id: p.id })
  },
  {
    name: "client with another project's publishable key",
    headers: (p, o) => ({
      ...none,
      "x-stack-access-type": "client",
      "x-stack-project-id": p.id,
      "x-stack-publishable-client-key": o.publishableClientKey
    }),
    status: 401,
    code: "INVALID_PUBLISHABLE_CLIENT_KEY",
    details: (p) => ({ project_id: p.id })
  },
  {
    name: "server without secret key",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "server",
      "x-stack-project-id": p.id,
      "x-stack-publishable-client-key": p.publishableClientKey
    }),
    status: 401,
    code: "SERVER_AUTHENTICATION_REQUIRED"
  },
  {
    name: "server with another project's secret key",
    headers: (p, o) => ({
      ...none,
      "x-stack-access-type": "server",
      "x-stack-project-id": p.id,
      "x-stack-secret-server-key": o.secretServerKey
    }),
    status: 401,
    code: "INVALID_SECRET_SERVER_KEY",
    details: (p) => ({ project_id: p.id })
  },
  {
    name: "admin without admin key",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "admin",
      "x-stack-project-id": p.id,
      "x-stack-secret-server-key": p.secretServerKey
    }),
    status: 401,
    code: "ADMIN_AUTHENTICATION_REQUIRED"
  },
  {
    name: "admin with the secret server key in the admin header",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "admin",
      "x-stack-project-id": p.id,
      "x-stack-super-secret-admin-key": p.secretServerKey
    }),
    status: 401,
    code: "INVALID_SUPER_SECRET_ADMIN_KEY",
    details: (p) => ({ project_id: p.id })
  },
  {
    // As the service, which names the project before it looks at a key.
    name: "a project that does not exist",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "client",
      "x-stack-project-id": "no-such-project",
      "x-stack-publishable-client-key": p.publishableClientKey
    }),
    status: 400,
    code: "CURRENT_PROJECT_NOT_FOUND",
    details: () => ({ project_id: "no-such-project" })
  },
  {
    name: "a branch that does not exist",
    headers: (p) => ({
      ...none,
      "x-stack-access-type": "client",
      "x-stack-project-id": p.id,
      "x-stack-publishable-client-key": p.publishableClientKey,
      "x-stack-branch-id": "no-such-branch"
    }),
    status: 400,
    code: "BRANCH_DOES_NOT_EXIST",
    details: () => ({ branch_id: "no-such-branch" })
  }
]

const endpoints: ReadonlyArray<{
  readonly method: string
  readonly path: string
  readonly allowed: ReadonlyArray<string>
}> = [
  { method: "GET", path: "/users/me", allowed: ["client", "server", "admin"] },
  { method: "GET", path: "/projects/current", allowed: ["client", "server", "admin"] },
  { method: "GET", path: "/users", allowed: ["server", "admin"] },
  { method: "POST", path: "/users", allowed: ["server", "admin"] },
  { method: "GET", path: "/users/some-id", allowed: ["server", "admin"] },
  { method: "POST", path: "/auth/sessions", allowed: ["server", "admin"] },
  { method: "POST", path: "/auth/password/sign-in", allowed: ["client", "server", "admin"] },
  { method: "DELETE", path: "/auth/sessions/current", allowed: ["client", "server", "admin"] }
]

describe("project authentication", () => {
  for (const endpoint of endpoints) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const testCase of cases) {
        for (const override of [true, false]) {
          it(`${testCase.name} -> ${testCase.code} (override ${override})`, async () => {
            const project = await projectA()
            const result = await backend.call(project, endpoint.method, endpoint.path, {
              headers: testCase.headers(project, await projectB()),
              override,
              ...(endpoint.method === "POST" ? { body: {} } : {})
            })
            assert.strictEqual(result.status, testCase.status)
            assert.strictEqual(result.httpStatus, override ? 200 : testCase.status)
            assert.strictEqual(result.headers.get("x-stack-actual-status"), override ? String(testCase.status) : null)
            assert.strictEqual(result.knownError, testCase.code)
            assert.strictEqual(result.body.code, testCase.code)
            assert.isString(result.body.error)
            if (testCase.details === undefined) assert.isUndefined(result.body.details)
            else assert.deepStrictEqual(result.body.details, testCase.details(project))
          })
        }
      }
      const refused = (["client", "server", "admin"] as const).filter((t) => !endpoint.allowed.includes(t))
      for (const accessType of refused) {
        it(`${accessType} access -> INSUFFICIENT_ACCESS_TYPE`, async () => {
          const result = await backend.call(await projectA(), endpoint.method, endpoint.path, {
            accessType,
            ...(endpoint.method === "POST" ? { body: {} } : {})
          })
          assert.strictEqual(result.status, 401)
          assert.strictEqual(result.body.code, "INSUFFICIENT_ACCESS_TYPE")
          assert.deepStrictEqual(result.body.details, {
            actual_access_type: accessType,
            allowed_access_types: endpoint.allowed
          })
        })
      }
    })
  }
})

// Two projects shared by the matrix (creating one per case would only slow it down).
let a: Promise<TestProject> | undefined
let b: Promise<TestProject> | undefined
const projectA = () =>
  (a ??= backend.createProject({ displayName: "A" }).then(async (project) => {
    const required = await backend.call(project, "PATCH", "/internal/config/override/project", {
      accessType: "admin",
      body: { config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) }
    })
    assert.strictEqual(required.status, 200)
    return project
  }))
const projectB = () => (b ??= backend.createProject({ displayName: "B" }))

describe("keyless client access", () => {
  it("is allowed where the project does not require a publishable client key (the default)", async () => {
    const project = await projectB()
    const keyless = { ...none, "x-stack-access-type": "client", "x-stack-project-id": project.id }
    const result = await backend.call(project, "GET", "/projects/current", { headers: keyless })
    assert.strictEqual(result.status, 200)
    assert.strictEqual(result.body.id, project.id)
    const sentinel = await backend.call(project, "GET", "/projects/current", {
      headers: { ...keyless, "x-stack-publishable-client-key": "__stack_public_client__" }
    })
    assert.strictEqual(sentinel.status, 200)
    const main = await backend.call(project, "GET", "/projects/current", {
      headers: { ...keyless, "x-stack-branch-id": "main" }
    })
    assert.strictEqual(main.status, 200)
  })
})

describe("access tokens", () => {
  it("rejects a token that is not a JWT", async () => {
    const result = await backend.call(await projectA(), "GET", "/users/me", { accessToken: "not-a-jwt" })
    assert.strictEqual(result.status, 401)
    assert.strictEqual(result.body.code, "UNPARSABLE_ACCESS_TOKEN")
  })

  it("rejects a token whose signature was changed", async () => {
    const project = await projectA()
    const user = await backend.signUp(project)
    const [header, payload] = user.accessToken.split(".")
    const forged = `${header}.${payload}.${Buffer.alloc(64, 1).toString("base64url")}`
    const result = await backend.call(project, "GET", "/users/me", { accessToken: forged })
    assert.strictEqual(result.body.code, "UNPARSABLE_ACCESS_TOKEN")
  })

  it("rejects a token of another project", async () => {
    const project = await projectA()
    const other = await projectB()
    const user = await backend.signUp(other)
    const result = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
    assert.strictEqual(result.status, 401)
    assert.strictEqual(result.body.code, "INVALID_PROJECT_FOR_ACCESS_TOKEN")
    assert.deepStrictEqual(result.body.details, { expected_project_id: project.id, actual_project_id: other.id })
  })

  it("answers CANNOT_GET_OWN_USER_WITHOUT_USER without a token", async () => {
    const result = await backend.call(await projectA(), "GET", "/users/me")
    assert.strictEqual(result.status, 400)
    assert.strictEqual(result.body.code, "CANNOT_GET_OWN_USER_WITHOUT_USER")
  })

  it("accepts the tokens in X-Stack-Auth too", async () => {
    const project = await projectA()
    const user = await backend.signUp(project)
    const result = await backend.call(project, "GET", "/users/me", {
      headers: { "x-stack-auth": JSON.stringify({ accessToken: user.accessToken, refreshToken: user.refreshToken }) }
    })
    assert.strictEqual(result.body.id, user.userId)
  })
})

describe("admin access tokens", () => {
  it("lets the owner act as admin of their project", async () => {
    const project = await projectA()
    const result = await backend.call(project, "GET", "/internal/projects/current", {
      headers: {
        ...none,
        "x-stack-access-type": "admin",
        "x-stack-project-id": project.id,
        "x-stack-admin-access-token": project.owner?.accessToken
      }
    })
    assert.strictEqual(result.status, 200)
    assert.strictEqual(result.body.id, project.id)
    assert.strictEqual(result.body.owner_team_id, project.owner?.teamId)
    assert.isBoolean(result.body.config.allow_localhost)
  })

  const adminTokenCall = async (project: TestProject, token: string) =>
    backend.call(project, "GET", "/internal/projects/current", {
      headers: {
        ...none,
        "x-stack-access-type": "admin",
        "x-stack-project-id": project.id,
        "x-stack-admin-access-token": token
      }
    })

  it("refuses another internal user, a user of another project and garbage", async () => {
    const project = await projectA()
    const stranger = await backend.signUp(backend.internal())
    const notAdmin = await adminTokenCall(project, stranger.accessToken)
    assert.strictEqual(notAdmin.body.code, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
    const projectUser = await backend.signUp(project)
    const wrongProject = await adminTokenCall(project, projectUser.accessToken)
    assert.strictEqual(wrongProject.body.code, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
    const garbage = await adminTokenCall(project, "garbage")
    assert.strictEqual(garbage.status, 401)
    assert.strictEqual(garbage.body.code, "UNPARSABLE_ADMIN_ACCESS_TOKEN")
    const otherOwner = await projectB()
    const notTheirs = await adminTokenCall(project, otherOwner.owner?.accessToken ?? "")
    assert.strictEqual(notTheirs.body.code, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
  })
})

describe("expired tokens", () => {
  let movable: ShiftedLocalBackend | undefined
  beforeAll(async () => {
    movable = await startShiftedLocalBackend({ accessTokenLifetimeSeconds: 60 })
  })
  afterAll(async () => {
    await movable?.stop()
  })

  it("answers ACCESS_TOKEN_EXPIRED and ADMIN_ACCESS_TOKEN_EXPIRED with details", async () => {
    if (movable === undefined) throw new Error("not started")
    const internal = { ...movable.project }
    const signUp = await call(movable, internal, "POST", "/auth/password/sign-up", {
      body: { email: "expiring@example.test", password: "password-123" }
    })
    const team = await call(movable, internal, "POST", "/teams", {
      accessToken: signUp.body.access_token,
      body: { display_name: "Owners", creator_user_id: "me" }
    })
    const created = await call(movable, internal, "POST", "/internal/projects", {
      accessToken: signUp.body.access_token,
      body: { display_name: "short", owner_team_id: team.body.id }
    })
    assert.strictEqual(created.status, 201)
    // Past the token's 60 s lifetime on the backend's clock, without waiting for it.
    movable.advance(61_000)

    const expired = await call(movable, internal, "GET", "/users/me", { accessToken: signUp.body.access_token })
    assert.strictEqual(expired.status, 401)
    assert.strictEqual(expired.body.code, "ACCESS_TOKEN_EXPIRED")
    assert.strictEqual(expired.body.details.project_id, "internal")
    assert.strictEqual(expired.body.details.user_id, signUp.body.user_id)
    assert.isString(expired.body.details.refresh_token_id)
    assert.isAtMost(expired.body.details.expired_at_millis, movable.now())

    const admin = await call(movable, { ...internal, id: created.body.id }, "GET", "/internal/projects/current", {
      headers: {
        ...none,
        "x-stack-access-type": "admin",
        "x-stack-project-id": created.body.id,
        "x-stack-admin-access-token": signUp.body.access_token
      }
    })
    assert.strictEqual(admin.body.code, "ADMIN_ACCESS_TOKEN_EXPIRED")
    assert.isNumber(admin.body.details.expired_at_millis)
  })
})
