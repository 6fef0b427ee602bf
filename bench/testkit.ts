/**
 * The testing kit (`stackfx-backend/testing`, docs/testing.md): how fast the run's backend comes up (in a
 * process of its own, as a global setup starts it) and a worker's connection to it, an isolated project, a
 * signed-in fixture user; a 20-test file with the kit against the same tests written over `startLocalBackend`
 * and HTTP by hand; and the resident memory the kit adds to a worker.
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { startLocalBackend } from "../backend/src/index.js"
import { SHARED_BACKEND_VARIABLE } from "../backend/src/testing/control-protocol.js"
import { startStackTest } from "../backend/src/testing/index.js"
import { workerBackend } from "../backend/src/testing/worker-backend.js"
import * as Effect from "effect/Effect"
import { openDb } from "../backend/src/store/layer.js"
import { LOCAL_DEVELOPMENT_KEYS } from "../src/domain/local-keys.js"
import { median, uniqueEmail } from "./util.js"

export interface TestkitResults {
  /** The run's backend started in a process of its own (node and its modules included), until it answers. */
  readonly runBackendUpMs: number
  /** A worker's connection to it: its proxy up and the backend named (first use in the process). */
  readonly backendUpMs: number
  /** CPU time (user + system) of the process during the backend's start: what a busy machine cannot inflate. */
  readonly backendUpCpuMs: number
  /** A second memory database opened as the backend opens its own (PGlite from the migrated template, migrations checked, seed). */
  readonly databaseMs: number
  readonly databaseCpuMs: number
  readonly projectMs: ReadonlyArray<number>
  readonly projectMedianMs: number
  readonly signedInUserMs: ReadonlyArray<number>
  readonly signedInUserMedianMs: number
  readonly kitFileMs: number
  readonly byHandFileMs: number
  readonly residentMbBefore: number
  readonly residentMbAfter: number
}

const SAMPLES = 30
const FILE_TESTS = 20

const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const t = performance.now()
  await run()
  return performance.now() - t
}

/** One test of the file: a fresh project, a signed-in user, their profile read back. */
const kitTest = async () => {
  await using test = await startStackTest()
  const user = await test.createUser()
  const response = await fetch(`${test.baseUrl}/api/v1/users/me`, {
    headers: {
      "x-stack-access-type": "client",
      "x-stack-project-id": test.projectId,
      "x-stack-publishable-client-key": test.publishableClientKey,
      "x-stack-access-token": user.accessToken
    }
  })
  if (response.status !== 200) throw new Error(`kit test: /users/me answered ${response.status}`)
}

/** The same test by hand, as the repository's integration tests did: a project through the internal API. */
const byHandTest = async (apiUrl: string) => {
  const post = async (headers: Record<string, string>, path: string, body: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body)
    })
    if (response.status >= 300)
      throw new Error(`by hand: ${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as Record<string, string>
  }
  const client = (projectId: string, key: string) => ({
    "x-stack-access-type": "client",
    "x-stack-project-id": projectId,
    "x-stack-publishable-client-key": key
  })
  const internal = client(LOCAL_DEVELOPMENT_KEYS.projectId, LOCAL_DEVELOPMENT_KEYS.publishableClientKey)
  const owner = await post(internal, "/auth/password/sign-up", {
    email: uniqueEmail("owner"),
    password: "test-password-1"
  })
  const ownerToken = { "x-stack-access-token": owner["access_token"] ?? "" }
  const team = await post({ ...internal, ...ownerToken }, "/teams", { display_name: "Owner", creator_user_id: "me" })
  const project = await post({ ...internal, ...ownerToken }, "/internal/projects", {
    display_name: "Test project",
    owner_team_id: team["id"]
  })
  const projectId = project["id"] ?? ""
  const keys = await post(
    {
      "x-stack-access-type": "admin",
      "x-stack-project-id": projectId,
      "x-stack-admin-access-token": owner["access_token"] ?? ""
    },
    "/internal/api-keys",
    {
      description: "Test keys",
      expires_at_millis: 253_402_300_799_999,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true
    }
  )
  const headers = client(projectId, keys["publishable_client_key"] ?? "")
  const user = await post(headers, "/auth/password/sign-up", {
    email: uniqueEmail("user"),
    password: "test-password-1"
  })
  const response = await fetch(`${apiUrl}/users/me`, {
    headers: { ...headers, "x-stack-access-token": user["access_token"] ?? "" }
  })
  if (response.status !== 200) throw new Error(`by hand: /users/me answered ${response.status}`)
}

/** Starts the run's backend in a child process (see testkit-backend.ts); answers what it printed and how to stop it. */
const startRunBackend = async () => {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", new URL("./testkit-backend.ts", import.meta.url).pathname],
    {
      stdio: ["pipe", "pipe", "inherit"]
    }
  )
  const lines = createInterface({ input: child.stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve)
    child.once("exit", (code) => reject(new Error(`the run's backend exited (${code}) before it answered`)))
  })
  return { named: first, stop: () => child.stdin.end() }
}

export const runTestkit = async (): Promise<TestkitResults> => {
  const residentMbBefore = process.memoryUsage().rss / 1024 / 1024
  const cpuMs = () => {
    const usage = process.cpuUsage()
    return (usage.user + usage.system) / 1000
  }
  const runStarted = performance.now()
  const run = await startRunBackend()
  const runBackendUpMs = performance.now() - runStarted
  process.env[SHARED_BACKEND_VARIABLE] = run.named
  const cpuBefore = cpuMs()
  const backendUpMs = await timed(() => Effect.runPromise(workerBackend))
  const backendUpCpuMs = cpuMs() - cpuBefore
  const projectMs: Array<number> = []
  const signedInUserMs: Array<number> = []
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now()
    const test = await startStackTest()
    projectMs.push(performance.now() - t)
    signedInUserMs.push(await timed(() => test.createUser()))
    await test.stop()
  }
  const kitFileMs = await timed(async () => {
    for (let i = 0; i < FILE_TESTS; i++) await kitTest()
  })
  const residentMbAfter = process.memoryUsage().rss / 1024 / 1024
  run.stop()
  delete process.env[SHARED_BACKEND_VARIABLE]
  // Where a backend's start goes: the database alone, opened the same way (then closed).
  const databaseCpuBefore = cpuMs()
  const databaseMs = await timed(() => Effect.runPromise(Effect.scoped(openDb("memory"))))
  const databaseCpuMs = cpuMs() - databaseCpuBefore
  // By hand: a backend per file (as useLocalBackend started one), passwords at the test cost too.
  const byHandFileMs = await timed(async () => {
    const localBackend = await startLocalBackend({ port: 0, db: "memory", fastPasswordHashing: true, log: false })
    try {
      for (let i = 0; i < FILE_TESTS; i++) await byHandTest(localBackend.apiUrl)
    } finally {
      await localBackend.stop()
    }
  })
  return {
    runBackendUpMs,
    backendUpMs,
    backendUpCpuMs,
    databaseMs,
    databaseCpuMs,
    projectMs,
    projectMedianMs: median(projectMs),
    signedInUserMs,
    signedInUserMedianMs: median(signedInUserMs),
    kitFileMs,
    byHandFileMs,
    residentMbBefore,
    residentMbAfter
  }
}
