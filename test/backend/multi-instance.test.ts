/**
 * Several `stackfx dev` processes on one PostgreSQL (issue 37), as an operator runs them behind a load
 * balancer: three started together on an empty database all come up and seed once; with one public URL a
 * token minted on one instance is accepted on another reached under another host; a config change and a
 * user's deletion on one instance are seen on the other within the bound; concurrent first uses of new
 * projects on two instances give tokens every instance verifies and one JWKS; `kill -9` of an instance under
 * writes loses nothing it acknowledged; SIGTERM lets a request under way finish.
 *
 * "Within the bound" waits for the write's announcement on the database (a LISTEN of the test's own), then
 * reads the other instance until it answers the new way: no sleep, and a bound far above the benchmark's
 * p99 (`npm run bench -- --only scale-out`) so a loaded machine does not fail it.
 */
import { request as httpRequest } from "node:http"
import pg from "pg"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { DEMO_PROJECT_KEYS, LOCAL_DEVELOPMENT_KEYS } from "../../src/domain/local-keys.js"
import { CHANGES_CHANNEL } from "../../backend/src/store/change-announcement.js"
import { type CliRun, freePort, runCli, stopCli } from "../support/cli.js"
import { requireTestPostgres } from "../support/postgres.js"
import { startWebhookReceiver } from "../support/webhook-receiver.js"

const postgres = requireTestPostgres()
const PUBLIC_URL = "http://auth.example.test"
const BOUND_MS = 2_000

interface Instance {
  readonly run: CliRun
  readonly port: number
}

const start = async (db: string): Promise<Instance> => {
  const port = await freePort()
  const run = runCli(["dev", "--db", db, "--port", String(port), "--public-url", PUBLIC_URL])
  return { run, port }
}

interface Keys {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}
interface Call {
  readonly method?: string
  readonly access?: "client" | "server" | "admin"
  readonly keys?: Keys
  readonly token?: string
  readonly body?: unknown
  /** The host the request names (instances are reached under different addresses). */
  readonly host?: string
}

const call = async (instance: Instance, path: string, options: Call = {}) => {
  const keys = options.keys ?? DEMO_PROJECT_KEYS
  const access = options.access ?? "client"
  const secret =
    access === "client"
      ? { "x-stack-publishable-client-key": keys.publishableClientKey }
      : access === "server"
        ? { "x-stack-secret-server-key": keys.secretServerKey }
        : { "x-stack-super-secret-admin-key": keys.superSecretAdminKey }
  const response = await fetch(`http://127.0.0.1:${instance.port}/api/v1${path}`, {
    method: options.method ?? "GET",
    headers: {
      "x-stack-project-id": keys.projectId,
      "x-stack-access-type": access,
      ...secret,
      ...(options.token === undefined ? {} : { "x-stack-access-token": options.token }),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.host === undefined ? {} : { host: options.host })
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
  })
  const text = await response.text()
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>) }
}

let signUps = 0
const signUp = async (instance: Instance, keys: Keys = DEMO_PROJECT_KEYS) => {
  const email = `scale-${process.pid}-${++signUps}@example.test`
  const answer = await call(instance, "/auth/password/sign-up", {
    method: "POST",
    keys,
    body: { email, password: "correct horse battery" }
  })
  return { ...answer, userId: String(answer.body?.["user_id"]), token: String(answer.body?.["access_token"]) }
}

/** Resolves with the next announcement of a write on the database (the test's own LISTEN). */
const listener = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`listen ${CHANGES_CHANNEL}`)
  return {
    next: () => new Promise<void>((resolve) => client.once("notification", () => resolve())),
    end: () => client.end()
  }
}

/**
 * Reads `instance` until `seen` holds of its answer, from the moment `announced` resolves; fails past the
 * bound. Returns the time it took after the announcement.
 */
const seenWithin = async (announced: Promise<void>, read: () => Promise<boolean>): Promise<number> => {
  await announced
  const from = performance.now()
  while (!(await read())) {
    if (performance.now() - from > BOUND_MS) assert.fail(`not seen within ${BOUND_MS} ms of the announcement`)
  }
  return performance.now() - from
}

describe("several instances on one PostgreSQL", () => {
  let db = ""
  const instances: Array<Instance> = []
  const at = (i: number): Instance => {
    const instance = instances[i]
    if (instance === undefined) throw new Error(`instance ${i} did not start`)
    return instance
  }

  beforeAll(async () => {
    db = postgres.newDatabase()
  })
  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopCli(instance.run)))
    postgres.stop()
  })

  it("three started together on an empty database all come up and seed it once", async () => {
    instances.push(...(await Promise.all([start(db), start(db), start(db)])))
    const ready = await Promise.all(instances.map((instance) => instance.run.ready))
    assert.deepStrictEqual(ready, [PUBLIC_URL, PUBLIC_URL, PUBLIC_URL])
    const client = new pg.Client({ connectionString: db })
    await client.connect()
    try {
      const seeded = await client.query("select id from projects where id in ('internal', 'demo') order by id")
      assert.deepStrictEqual(
        seeded.rows.map((row: { id: string }) => row.id),
        ["demo", "internal"]
      )
    } finally {
      await client.end()
    }
    for (const instance of instances) {
      const health = await fetch(`http://127.0.0.1:${instance.port}/health`)
      assert.deepStrictEqual(await health.json(), { status: "ok", database: "up", notifications: "up" })
    }
  }, 120_000)

  it("accepts on one instance, under another host, the tokens another minted, with one public URL", async () => {
    const user = await signUp(at(0))
    assert.strictEqual(user.status, 200)
    const payload = JSON.parse(Buffer.from(user.token.split(".")[1] ?? "", "base64url").toString()) as {
      readonly iss: string
    }
    assert.strictEqual(payload.iss, `${PUBLIC_URL}/api/v1/projects/${DEMO_PROJECT_KEYS.projectId}`)
    for (const [instance, host] of [
      [at(1), `localhost:${at(1).port}`],
      [at(2), "backend-3.internal:8102"]
    ] as const) {
      const me = await call(instance, "/users/me", { token: user.token, host })
      assert.strictEqual(me.status, 200, JSON.stringify(me.body))
      assert.strictEqual(me.body?.["id"], user.userId)
    }
  })

  it("sees a config change and a user's deletion made on another instance within the bound", async () => {
    const [a, b] = [at(0), at(1)]
    const feed = await listener(db)
    try {
      const setSignUp = async (enabled: boolean) => {
        const announced = feed.next()
        const patched = await call(a, "/internal/projects/current", {
          method: "PATCH",
          access: "admin",
          body: { config: { sign_up_enabled: enabled } }
        })
        assert.strictEqual(patched.status, 200, JSON.stringify(patched.body))
        return announced
      }
      // B has the project cached: it just served a sign-up of it.
      assert.strictEqual((await signUp(b)).status, 200)
      await seenWithin(setSignUp(false), async () => (await signUp(b)).status !== 200)
      await seenWithin(setSignUp(true), async () => (await signUp(b)).status === 200)

      const user = await signUp(a)
      assert.strictEqual((await call(b, "/users/me", { token: user.token })).status, 200)
      const announced = feed.next()
      const deleted = await call(a, `/users/${user.userId}`, { method: "DELETE", access: "server" })
      assert.strictEqual(deleted.status, 200, JSON.stringify(deleted.body))
      await seenWithin(announced, async () => (await call(b, "/users/me", { token: user.token })).status !== 200)
    } finally {
      await feed.end()
    }
  })

  it("verifies on every instance the tokens of new projects first used on two instances at once", async () => {
    const [a, b] = [at(0), at(1)]
    const internal: Keys = LOCAL_DEVELOPMENT_KEYS
    const owner = await signUp(a, internal)
    const team = await call(a, "/teams", {
      method: "POST",
      keys: internal,
      token: owner.token,
      body: { display_name: "Owners", creator_user_id: "me" }
    })
    const projects = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const created = await call(a, "/internal/projects", {
          method: "POST",
          keys: internal,
          token: owner.token,
          body: { display_name: `Scale ${n}`, owner_team_id: team.body?.["id"] }
        })
        const projectId = String(created.body?.["id"])
        const response = await fetch(`http://127.0.0.1:${a.port}/api/v1/internal/api-keys`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-stack-project-id": projectId,
            "x-stack-access-type": "admin",
            "x-stack-admin-access-token": owner.token
          },
          body: JSON.stringify({
            description: "scale",
            expires_at_millis: 253_402_300_799_999,
            has_publishable_client_key: true,
            has_secret_server_key: true,
            has_super_secret_admin_key: true
          })
        })
        const keys = (await response.json()) as Record<string, string>
        return {
          projectId,
          publishableClientKey: keys["publishable_client_key"] ?? "",
          secretServerKey: keys["secret_server_key"] ?? "",
          superSecretAdminKey: keys["super_secret_admin_key"] ?? ""
        } satisfies Keys
      })
    )
    // Each project's first tokens, on both instances at once: each mints with a key it must first have.
    const users = await Promise.all(
      projects.flatMap((keys) => [signUp(a, keys), signUp(b, keys), signUp(a, keys), signUp(b, keys)])
    )
    for (const user of users) assert.strictEqual(user.status, 200, JSON.stringify(user.body))
    for (const [i, user] of users.entries()) {
      const keys = projects[Math.floor(i / 4)] ?? DEMO_PROJECT_KEYS
      for (const instance of instances) {
        const me = await call(instance, "/users/me", { keys, token: user.token })
        assert.strictEqual(me.status, 200, `token ${i} on port ${instance.port}: ${JSON.stringify(me.body)}`)
      }
    }
    for (const { projectId } of projects) {
      const sets = await Promise.all(
        instances.map(async (instance) =>
          (await fetch(`http://127.0.0.1:${instance.port}/api/v1/projects/${projectId}/.well-known/jwks.json`)).json()
        )
      )
      assert.deepStrictEqual(sets[1], sets[0])
      assert.deepStrictEqual(sets[2], sets[0])
    }
  })

  it("delivers each webhook once, whichever instance wrote it and whichever claims it", async () => {
    const receiver = await startWebhookReceiver()
    try {
      const [a, b, c] = [at(0), at(1), at(2)]
      const endpoint = await call(a, "/local-backend/webhooks/endpoints", {
        method: "POST",
        access: "admin",
        body: { url: receiver.url }
      })
      assert.strictEqual(endpoint.status, 201, JSON.stringify(endpoint.body))
      // Written on every instance, in turn; every instance's dispatcher claims from the one outbox.
      const users: Array<string> = []
      for (const instance of [a, b, c, a, b, c]) {
        const user = await signUp(instance)
        assert.strictEqual(user.status, 200)
        users.push(user.userId)
      }
      const created = async () => {
        const events = receiver.deliveries.map((d) => JSON.parse(d.body) as { type: string; data: { id: string } })
        return events.filter((event) => event.type === "user.created").map((event) => event.data.id)
      }
      let count = 0
      while ((await created()).length < users.length) await receiver.waitFor(++count)
      assert.sameMembers(await created(), users)
      const ids = receiver.deliveries.map((d) => String(d.headers["webhook-id"]))
      assert.strictEqual(new Set(ids).size, ids.length, "a message delivered twice")
      const removed = await call(a, `/local-backend/webhooks/endpoints/${String(endpoint.body?.["id"])}`, {
        method: "DELETE",
        access: "admin"
      })
      assert.strictEqual(removed.status, 200)
    } finally {
      await receiver.close()
    }
  }, 60_000)

  it("loses no acknowledged write when an instance is killed with SIGKILL under writes", async () => {
    const [a, b, c] = [at(0), at(1), at(2)]
    const acknowledged: Array<string> = []
    let killed = false
    const writer = async (instance: Instance) => {
      while (!killed || instance !== c) {
        const user = await signUp(instance).catch(() => undefined)
        if (user === undefined) return
        if (user.status === 200) acknowledged.push(user.userId)
        if (instance === c && acknowledged.length >= 10 && !killed) {
          killed = true
          c.run.child.kill("SIGKILL")
        }
        if (killed && instance === b && acknowledged.length >= 20) return
      }
    }
    await Promise.all([writer(b), writer(c), writer(c)])
    assert.isNull(await c.run.exited)
    assert.isAtLeast(acknowledged.length, 20)
    for (const userId of acknowledged) {
      const found = await call(a, `/users/${userId}`, { access: "server" })
      assert.strictEqual(found.status, 200, `acknowledged user ${userId} is missing`)
    }
    instances.splice(2, 1)
  }, 60_000)

  it("answers a request under way when stopped with SIGTERM, then exits", async () => {
    const b = at(1)
    const body = JSON.stringify({ email: `drain-${process.pid}@example.test`, password: "correct horse battery" })
    const answered = new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        {
          host: "127.0.0.1",
          port: b.port,
          method: "POST",
          path: "/api/v1/auth/password/sign-up",
          headers: {
            "x-stack-project-id": DEMO_PROJECT_KEYS.projectId,
            "x-stack-access-type": "client",
            "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            expect: "100-continue"
          }
        },
        (response) => {
          response.resume()
          response.on("end", () => resolve(response.statusCode ?? 0))
        }
      )
      sent.on("error", reject)
      // The server asks for the body once the request is authenticated: it is under way, then it is stopped.
      sent.on("continue", () => {
        b.run.child.kill("SIGTERM")
        sent.end(body)
      })
      sent.flushHeaders()
    })
    assert.strictEqual(await answered, 200)
    await b.run.exited
    instances.splice(1, 1)
  }, 60_000)
})
