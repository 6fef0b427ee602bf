/**
 * One local backend per test file (`useLocalBackend`) or the testing kit's one backend per test run
 * (`useKitBackend`), plus helpers that isolate each test: a fresh project (owned by a fresh user of
 * `internal`, or the kit's) or fresh users, and a small HTTP client that speaks the wire conventions.
 *
 * @example
 * const backend = useLocalBackend()
 * it("...", async () => {
 *   const project = await backend.createProject()
 *   const user = await backend.signUp(project)
 *   const res = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
 * })
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import { afterAll, beforeAll } from "vitest"
import { type RunningLocalBackend, startLocalBackend, type StartLocalBackendOptions } from "../../backend/src/index.js"
import { openProject } from "../../backend/src/testing/project.js"
import { workerBackend } from "../../backend/src/testing/worker-backend.js"
import { AdminProjectConfigUpdate } from "../../src/domain/project.js"

export type AccessType = "client" | "server" | "admin"

/** A project and its full keys. */
export interface TestProject {
  readonly id: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
  /**
   * The internal user owning it (its access token works as X-Stack-Admin-Access-Token) and the team of
   * `internal` that owns it, which the user belongs to.
   */
  readonly owner?: { readonly userId: string; readonly accessToken: string; readonly teamId: string } | undefined
}

export interface CallOptions {
  readonly accessType?: AccessType | "none" | undefined
  readonly accessToken?: string | undefined
  readonly refreshToken?: string | undefined
  readonly body?: unknown
  /** Extra headers; a header set to undefined is removed (to test missing keys). */
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined
  /** Send X-Stack-Override-Error-Status: true (default true, like the clients). */
  readonly override?: boolean | undefined
}

export interface CallResult {
  /** The real status (X-Stack-Actual-Status restored). */
  readonly status: number
  /** The HTTP status line as sent. */
  readonly httpStatus: number
  readonly headers: Headers
  readonly text: string
  /** The parsed JSON body, or undefined when it is not JSON. */
  readonly body: any
  /** X-Stack-Known-Error. */
  readonly knownError: string | null
}

export interface TestUser {
  readonly userId: string
  readonly email: string
  readonly password: string
  readonly accessToken: string
  readonly refreshToken: string
}

/** A unique email for this test run (the testing kit's). */
export { uniqueEmail } from "../../backend/src/testing/fixtures.js"
import { uniqueEmail } from "../../backend/src/testing/fixtures.js"

/** The project headers of one access type (none for `"none"`). */
export const keyHeaders = (project: TestProject, accessType: AccessType | "none"): Record<string, string> => {
  switch (accessType) {
    case "none":
      return {}
    case "client":
      return {
        "x-stack-access-type": "client",
        "x-stack-project-id": project.id,
        "x-stack-publishable-client-key": project.publishableClientKey
      }
    case "server":
      return {
        "x-stack-access-type": "server",
        "x-stack-project-id": project.id,
        "x-stack-secret-server-key": project.secretServerKey
      }
    case "admin":
      return {
        "x-stack-access-type": "admin",
        "x-stack-project-id": project.id,
        "x-stack-super-secret-admin-key": project.superSecretAdminKey
      }
  }
}

/** Sends one request to the local backend's API as a client of the hosted service would. */
export const call = async (
  localBackend: RunningLocalBackend,
  project: TestProject,
  method: string,
  path: string,
  options: CallOptions = {}
): Promise<CallResult> => {
  const headers: Record<string, string> = {
    ...(options.override === false ? {} : { "x-stack-override-error-status": "true" }),
    ...keyHeaders(project, options.accessType ?? "client"),
    ...(options.accessToken === undefined ? {} : { "x-stack-access-token": options.accessToken }),
    ...(options.refreshToken === undefined ? {} : { "x-stack-refresh-token": options.refreshToken }),
    ...(options.body === undefined ? {} : { "content-type": "application/json" })
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name]
    else headers[name] = value
  }
  const response = await fetch(`${localBackend.apiUrl}${path}`, {
    method,
    headers,
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) })
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const actual = response.headers.get("x-stack-actual-status")
  return {
    status: actual === null ? response.status : Number(actual),
    httpStatus: response.status,
    headers: response.headers,
    text,
    body,
    knownError: response.headers.get("x-stack-known-error")
  }
}

/** Fails the test with the response when the status is not the expected one. */
export const expectStatus = (result: CallResult, status: number): CallResult => {
  if (result.status !== status) throw new Error(`expected status ${status}, got ${result.status}: ${result.text}`)
  return result
}

/** The problem lines (`  - body.x ...`) of an answer that must be a SCHEMA_ERROR in the service's layout. */
export const schemaErrorLines = (result: CallResult): ReadonlyArray<string> => {
  const [head, ...lines] = String(expectStatus(result, 400).body?.details?.message).split("\n")
  if (result.knownError !== "SCHEMA_ERROR" || !/^Request validation failed on [A-Z]+ \/api\/v1\//.test(head ?? ""))
    throw new Error(`expected a SCHEMA_ERROR, got ${result.knownError}: ${result.text}`)
  return lines
}

export interface LocalBackendHandle {
  readonly localBackend: () => RunningLocalBackend
  /** The seeded `internal` project. */
  readonly internal: () => TestProject
  readonly call: (project: TestProject, method: string, path: string, options?: CallOptions) => Promise<CallResult>
  /** Signs a new user up with a password (client access). */
  readonly signUp: (
    project: TestProject,
    input?: { readonly email?: string; readonly password?: string }
  ) => Promise<TestUser>
  /** A new project owned by a new internal user; `config` is the wire config of the create body. */
  readonly createProject: (input?: ProjectInput) => Promise<TestProject>
  /** A new project owned by `owner`, a user of `internal` (by a new team of theirs unless `teamId` is given). */
  readonly createProjectOwnedBy: (owner: TestUser, input?: ProjectInput) => Promise<TestProject>
  /** A new team of `internal` created by the user (who becomes its admin). */
  readonly createOwnerTeam: (owner: TestUser, displayName?: string) => Promise<string>
  /** A new team of `project` made with the server key, its creator (a user id) its first member: the 201 answer. */
  readonly createTeam: (project: TestProject, creatorUserId: string, displayName?: string) => Promise<CallResult>
}

export interface ProjectInput {
  readonly displayName?: string
  readonly config?: Record<string, unknown>
  /** The owning team of `internal`; a new team of the owner when absent. */
  readonly teamId?: string
}

/**
 * How tests start a local backend: a throwaway memory database on a free port, and passwords hashed at
 * the cheap scrypt cost (real scrypt still; the production cost made every sign-up and sign-in pay for it).
 */
export const testBackendOptions = {
  port: 0,
  db: "memory",
  fastPasswordHashing: true
} as const satisfies StartLocalBackendOptions

/** Starts one local backend for the current test file (memory database, random port). */
export const useLocalBackend = (options: StartLocalBackendOptions = {}): LocalBackendHandle => {
  let localBackend: RunningLocalBackend | undefined
  beforeAll(async () => {
    // Logs stay on: a 500 in a test should show its cause.
    localBackend = await startLocalBackend({ ...testBackendOptions, ...options })
  })
  afterAll(async () => {
    await localBackend?.stop()
  })
  return handleOn(() => localBackend)
}

/**
 * The testing kit's backend of the run as a `RunningLocalBackend`, for a file that starts it in `beforeAll` as it
 * would start a backend of its own and reads only what it makes there (unique addresses on the seeded
 * projects). Its URLs are the backend's own, not the worker's proxy's: these files move no project's clock and
 * inject no faults, and the proxy's hop costs each request about 0.3 ms of CPU. It outlives the file: `stop`
 * does nothing.
 */
export const kitLocalBackend = async (): Promise<RunningLocalBackend> => {
  const backend = await Effect.runPromise(workerBackend)
  return { ...backend.direct, stop: () => Promise.resolve() }
}

/**
 * The testing kit's backend (backend/src/testing) as an `LocalBackendHandle`: the run's one backend (started by
 * the integration project's global setup, test/support/kit-global-setup.ts), shared by every file of every
 * worker that uses it (see `kitLocalBackend`), and each `createProject` a project of the kit's, made in one call
 * and deleted when the file ends. For files that need no backend of their own: no start options, no project
 * owned by a user of `internal` (`owner` is absent, unless `ownedProjects`), and nothing that counts what the
 * seeded projects hold (other files add to them at the same time).
 */
export const useKitBackend = (options: { readonly ownedProjects?: boolean } = {}): LocalBackendHandle => {
  let localBackend: RunningLocalBackend | undefined
  const projects = Effect.runSync(Scope.make())
  beforeAll(async () => {
    localBackend = await kitLocalBackend()
  })
  afterAll(() => Effect.runPromise(Scope.close(projects, Exit.void)))
  // `ownedProjects`: `createProject` makes a project over HTTP owned by a new user of internal, as `useLocalBackend`'s
  // does (for files about projects and their owners); it stays in the run's backend.
  if (options.ownedProjects === true) return handleOn(() => localBackend)
  const decodeConfig = Schema.decodeUnknownPromise(AdminProjectConfigUpdate)
  return {
    ...handleOn(() => localBackend),
    createProject: async (input = {}) => {
      const config = await decodeConfig(input.config ?? {})
      const options = input.displayName === undefined ? config : { ...config, displayName: input.displayName }
      const project = await Effect.runPromise(Scope.provide(openProject(options, Date.now), projects))
      return {
        id: project.projectId,
        publishableClientKey: project.publishableClientKey,
        secretServerKey: project.secretServerKey,
        superSecretAdminKey: project.superSecretAdminKey
      }
    }
  }
}

/** The handle's calls on a running backend (the users and projects made over HTTP, as a dashboard does). */
const handleOn = (current: () => RunningLocalBackend | undefined): LocalBackendHandle => {
  const running = () => {
    const localBackend = current()
    if (localBackend === undefined) throw new Error("the local backend is not running (use inside tests)")
    return localBackend
  }
  const internal = (): TestProject => ({ ...running().project })
  const signUp: LocalBackendHandle["signUp"] = async (project, input = {}) => {
    const email = input.email ?? uniqueEmail()
    const password = input.password ?? "correct horse battery"
    const result = expectStatus(
      await call(running(), project, "POST", "/auth/password/sign-up", { body: { email, password } }),
      200
    )
    return {
      userId: result.body.user_id,
      email,
      password,
      accessToken: result.body.access_token,
      refreshToken: result.body.refresh_token
    }
  }
  // Projects belong to teams of `internal`, as on the hosted service (its dashboard makes a team for a new user).
  const createOwnerTeam = async (owner: TestUser, displayName = "Owner team"): Promise<string> =>
    expectStatus(
      await call(running(), internal(), "POST", "/teams", {
        accessToken: owner.accessToken,
        body: { display_name: displayName, creator_user_id: "me" }
      }),
      201
    ).body.id
  const projectOwnedBy = async (owner: TestUser, input: ProjectInput): Promise<TestProject> => {
    const teamId = input.teamId ?? (await createOwnerTeam(owner))
    const created = expectStatus(
      await call(running(), internal(), "POST", "/internal/projects", {
        accessToken: owner.accessToken,
        body: {
          display_name: input.displayName ?? "Test project",
          owner_team_id: teamId,
          ...(input.config === undefined ? {} : { config: input.config })
        }
      }),
      201
    )
    // A new project has no keys; its owner makes the first set, as the hosted dashboard does.
    const keys = expectStatus(
      await call(running(), internal(), "POST", "/internal/api-keys", {
        accessType: "none",
        headers: {
          "x-stack-project-id": created.body.id,
          "x-stack-access-type": "admin",
          "x-stack-admin-access-token": owner.accessToken
        },
        body: {
          description: "Test keys",
          expires_at_millis: 253_402_300_799_999,
          has_publishable_client_key: true,
          has_secret_server_key: true,
          has_super_secret_admin_key: true
        }
      }),
      200
    ).body
    return {
      id: created.body.id,
      publishableClientKey: keys.publishable_client_key,
      secretServerKey: keys.secret_server_key,
      superSecretAdminKey: keys.super_secret_admin_key,
      owner: { userId: owner.userId, accessToken: owner.accessToken, teamId }
    }
  }
  return {
    localBackend: running,
    internal,
    call: (project, method, path, callOptions) => call(running(), project, method, path, callOptions),
    signUp,
    createProject: async (input = {}) =>
      projectOwnedBy(await signUp(internal(), { email: uniqueEmail("owner") }), input),
    createProjectOwnedBy: (owner, input = {}) => projectOwnedBy(owner, input),
    createOwnerTeam,
    createTeam: async (project, creatorUserId, displayName = "Team") =>
      expectStatus(
        await call(running(), project, "POST", "/teams", {
          accessType: "server",
          body: { display_name: displayName, creator_user_id: creatorUserId }
        }),
        201
      )
  }
}
