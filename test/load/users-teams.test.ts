import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import { ListResponse } from "../../src/domain/list.js"
import { ServerTeam } from "../../src/domain/team.js"
import { ServerUser } from "../../src/domain/user.js"
import { layerCore } from "../../src/layers/core.js"
import { jsonBody, Transport } from "../../src/services/http/transport.js"
import { type LocalBackend, outcome, PASSWORD, serverHeaders, startQuietBackend } from "../faults/support/harness.js"
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js"

// 32 server-tier clients hit one local backend at once, each through its own client stack. The fault
// proxy runs in pass-through mode only to record every status the backend answered. Afterwards every
// write a client got an acknowledgement for must be readable, and no answer may have been a 5xx.

const CLIENTS = 32
const USERS_PER_CLIENT = 4
// Password hashing (scrypt) is the backend's slowest path; some users get one so it runs under load too.
const PASSWORD_EVERY = 4
const TEAMS_PER_CLIENT = 1
/** How many of its users each client also adds to the next client's team, concurrently with its owner. */
const CROSS_MEMBERS = 2

let localBackend: LocalBackend
let proxy: FaultProxy

beforeAll(async () => {
  localBackend = await startQuietBackend()
  proxy = await startFaultProxy(localBackend.url)
})
afterAll(async () => {
  await proxy?.close()
  await localBackend?.stop()
})

const serverClient = (baseUrl: string) =>
  ManagedRuntime.make(
    Layer.fresh(
      layerCore({
        projectId: localBackend.project.id,
        accessType: "server",
        publishableClientKey: localBackend.project.publishableClientKey,
        secretServerKey: localBackend.project.secretServerKey,
        baseUrl,
        thirdPartyDiagnostics: false
      })
    )
  )

type Client = ReturnType<typeof serverClient>

interface Ack {
  readonly client: number
  readonly what: string
}
interface UserAck extends Ack {
  readonly id: string
  readonly email: string
}
interface TeamAck extends Ack {
  readonly id: string
  readonly displayName: string
}
interface MembershipAck extends Ack {
  readonly teamId: string
  readonly userId: string
}

/** Runs one call; an error is recorded with its client and call instead of failing the whole run. */
const attempt = async <A>(
  client: Client,
  what: string,
  effect: Effect.Effect<A, unknown, Transport>,
  errors: Array<string>
) => {
  const result = outcome(await client.runPromiseExit(effect))
  if (result._tag === "Value") return result.value
  errors.push(`${what}: ${result._tag === "TypedError" ? JSON.stringify(result.error) : result.message}`)
  return undefined
}

const request = <S extends Schema.Decoder<unknown, never>>(
  method: "GET" | "POST",
  path: string,
  schema: S,
  body?: unknown,
  query?: Record<string, string | number>
) =>
  Effect.flatMap(Transport, (t) =>
    t.requestJson(
      { method, path, ...(body === undefined ? {} : { body: jsonBody(body) }), query, withSession: false },
      schema
    )
  )

const UserList = ListResponse(ServerUser)

/** Every page of `GET /users` (optionally of one team), with the server key, straight from the backend. */
const listAllUsers = async (teamId?: string): Promise<Array<{ id: string; primaryEmail: string | null }>> => {
  const out: Array<{ id: string; primaryEmail: string | null }> = []
  let cursor: string | null = null
  for (let page = 0; page < 100; page++) {
    const params = new URLSearchParams({ limit: "50" })
    if (cursor !== null) params.set("cursor", cursor)
    if (teamId !== undefined) params.set("team_id", teamId)
    const res = await fetch(`${localBackend.apiUrl}/users?${params.toString()}`, {
      headers: serverHeaders(localBackend.project)
    })
    const text = await res.text()
    assert.strictEqual(res.status, 200, `GET /users: ${text}`)
    assert.isNull(res.headers.get("x-stack-known-error"), `GET /users: ${text}`)
    const list = Schema.decodeUnknownSync(UserList)(JSON.parse(text))
    out.push(...list.items.map((u) => ({ id: u.id, primaryEmail: u.primaryEmail })))
    cursor = list.isPaginated ? list.pagination.nextCursor : null
    if (cursor === null) return out
  }
  assert.fail("GET /users did not finish paginating within 100 pages")
}

/** Whether the backend serves team routes yet (a plain 404 without a known error means no route). */
const assertNo5xx = () => {
  const bad = proxy.upstream.filter((r) => r.status === undefined || r.status >= 500)
  assert.deepStrictEqual(
    bad.map((r) => `${r.method} ${r.url} -> ${r.status}`),
    [],
    "no 5xx and no unanswered request"
  )
}

const users: Array<UserAck> = []
const clients: Array<Client> = []

describe(`load: ${CLIENTS} concurrent clients`, () => {
  it("create users: no 5xx, every acknowledged user is readable at once and listed afterwards", async () => {
    for (let i = 0; i < CLIENTS; i++) clients.push(serverClient(proxy.url))
    const errors: Array<string> = []
    const run = `${Date.now().toString(36)}`
    await Promise.all(
      clients.map(async (client, c) => {
        for (let j = 0; j < USERS_PER_CLIENT; j++) {
          const email = `load-${run}-${c}-${j}@load.test`
          const what = `client ${c} POST /users #${j}`
          const created = await attempt(
            client,
            what,
            request("POST", "/users", ServerUser, {
              primary_email: email,
              primary_email_auth_enabled: true,
              display_name: `Load ${c}.${j}`,
              ...(j % PASSWORD_EVERY === 0 ? { password: PASSWORD } : {})
            }),
            errors
          )
          if (created === undefined) continue
          users.push({ client: c, what, id: created.id, email })
          // Read-your-write: the acknowledged user is there for the next request.
          const read = await attempt(
            client,
            `client ${c} GET /users/${created.id}`,
            request("GET", `/users/${created.id}`, ServerUser),
            errors
          )
          assert.strictEqual(read?.primaryEmail, email, what)
        }
      })
    )
    assertNo5xx()
    assert.deepStrictEqual(errors, [], "every write was acknowledged")
    assert.strictEqual(users.length, CLIENTS * USERS_PER_CLIENT)

    const listed = new Map((await listAllUsers()).map((u) => [u.id, u.primaryEmail]))
    const missing = users.filter((u) => listed.get(u.id) !== u.email).map((u) => `${u.what} (${u.id})`)
    assert.deepStrictEqual(missing, [], "every acknowledged user is listed with its email")
    assert.strictEqual(new Set(users.map((u) => u.id)).size, users.length, "ids are unique")
  }, 30_000)

  it("create teams and memberships: no 5xx, every acknowledged team and membership is present", async () => {
    assert.strictEqual(users.length, CLIENTS * USERS_PER_CLIENT, "the user phase ran first")
    proxy.reset()
    const errors: Array<string> = []
    const teams: Array<TeamAck> = []
    const memberships: Array<MembershipAck> = []

    await Promise.all(
      clients.map(async (client, c) => {
        for (let t = 0; t < TEAMS_PER_CLIENT; t++) {
          const displayName = `Team ${c}.${t}`
          const what = `client ${c} POST /teams #${t}`
          const team = await attempt(
            client,
            what,
            request("POST", "/teams", ServerTeam, { display_name: displayName }),
            errors
          )
          if (team !== undefined) teams.push({ client: c, what, id: team.id, displayName })
        }
      })
    )
    // Every client adds its own users to its own teams and, concurrently with the others, to the first
    // team of the next client: many writers on one team at the same time.
    await Promise.all(
      clients.map(async (client, c) => {
        const mine = users.filter((u) => u.client === c)
        const next = teams.filter((t) => t.client === (c + 1) % CLIENTS).slice(0, 1)
        const plan = [
          ...teams.filter((t) => t.client === c).map((team) => ({ team, members: mine })),
          ...next.map((team) => ({ team, members: mine.slice(0, CROSS_MEMBERS) }))
        ]
        for (const { team, members } of plan) {
          for (const user of members) {
            const what = `client ${c} POST /team-memberships/${team.id}/${user.id}`
            const added = await attempt(
              client,
              what,
              Effect.flatMap(Transport, (tr) =>
                tr.request({
                  method: "POST",
                  path: `/team-memberships/${team.id}/${user.id}`,
                  body: jsonBody({}),
                  withSession: false
                })
              ),
              errors
            )
            if (added !== undefined) memberships.push({ client: c, what, teamId: team.id, userId: user.id })
          }
        }
      })
    )
    assertNo5xx()
    assert.deepStrictEqual(errors, [], "every write was acknowledged")
    assert.strictEqual(teams.length, CLIENTS * TEAMS_PER_CLIENT)

    for (const team of teams) {
      const res = await fetch(`${localBackend.apiUrl}/teams/${team.id}`, {
        headers: serverHeaders(localBackend.project)
      })
      const body = await res.text()
      assert.strictEqual(res.status, 200, `${team.what}: ${body}`)
      assert.strictEqual(Schema.decodeUnknownSync(ServerTeam)(JSON.parse(body)).displayName, team.displayName)
    }
    const missing: Array<string> = []
    for (const team of teams) {
      const members = new Set((await listAllUsers(team.id)).map((u) => u.id))
      for (const m of memberships.filter((x) => x.teamId === team.id)) {
        if (!members.has(m.userId)) missing.push(m.what)
      }
    }
    assert.deepStrictEqual(missing, [], "every acknowledged membership is present")
  }, 30_000)

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()))
  })
})
