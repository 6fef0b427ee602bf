/**
 * Webhooks: a small receiver keeps the app's own users table in step with the auth service. The local backend
 * (`stackfx dev --webhook <url>` does the same) delivers the demo project's events to it, signed with the demo
 * webhook secret; the receiver checks each with `verifyWebhook` and matches on the event's type. A script signs
 * two users up, renames one and deletes the other; the table ends as the service's users are. Exits 0.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import * as Effect from "effect/Effect"
import * as Match from "effect/Match"
import { DEMO_PROJECT_KEYS } from "stackfx"
import { DEMO_WEBHOOK_SECRET, verifyWebhook, type WebhookEvent } from "stackfx/server"
import { startLocalBackend } from "stackfx-backend"

/** The app's own table: user id to name and e-mail. */
const users = new Map<string, { name: string | null; email: string | null }>()
let received = 0

const apply = Match.type<WebhookEvent>().pipe(
  Match.discriminatorsExhaustive("type")({
    "user.created": (e) => void users.set(e.data.id, { name: e.data.displayName, email: e.data.primaryEmail }),
    "user.updated": (e) => void users.set(e.data.id, { name: e.data.displayName, email: e.data.primaryEmail }),
    "user.deleted": (e) => void users.delete(e.data.id),
    "team.created": () => undefined,
    "team.updated": () => undefined,
    "team.deleted": () => undefined,
    "team_membership.created": () => undefined,
    "team_membership.deleted": () => undefined,
    "team_permission.created": () => undefined,
    "team_permission.deleted": () => undefined,
    "project_permission.created": () => undefined,
    "project_permission.deleted": () => undefined,
    "stack.test": () => undefined
  })
)

const receiver = createServer((request, response) => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8")
    void Effect.runPromiseExit(verifyWebhook({ body, headers: request.headers }, DEMO_WEBHOOK_SECRET)).then((exit) => {
      if (exit._tag === "Success") {
        apply(exit.value)
        received += 1
      }
      response.statusCode = exit._tag === "Success" ? 204 : 400
      response.end()
    })
  })
})
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`
const backend = await startLocalBackend({
  port: 0,
  db: "memory",
  fastPasswordHashing: true,
  webhooks: [hookUrl],
  log: false
})

const headers = (access: "client" | "server") => ({
  "content-type": "application/json",
  "x-stack-access-type": access,
  "x-stack-project-id": DEMO_PROJECT_KEYS.projectId,
  "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey,
  ...(access === "server" ? { "x-stack-secret-server-key": DEMO_PROJECT_KEYS.secretServerKey } : {})
})
const api = async (access: "client" | "server", method: string, path: string, body?: unknown) => {
  const response = await fetch(`${backend.apiUrl}${path}`, {
    method,
    headers: headers(access),
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as { readonly user_id?: string }
}

const stamp = Date.now()
const ada = await api("client", "POST", "/auth/password/sign-up", {
  email: `ada-${stamp}@example.com`,
  password: "analytical engine"
})
const bob = await api("client", "POST", "/auth/password/sign-up", {
  email: `bob-${stamp}@example.com`,
  password: "difference engine"
})
await api("server", "PATCH", `/users/${ada.user_id}`, { display_name: "Ada Lovelace" })
await api("server", "DELETE", `/users/${bob.user_id}`)

// Wait (briefly) until the deliveries of those writes are in: the demo project's sign-ups also make a personal team.
const deadline = Date.now() + 10_000
while (
  (users.has(bob.user_id ?? "") || users.get(ada.user_id ?? "")?.name !== "Ada Lovelace") &&
  Date.now() < deadline
) {
  await new Promise((resolve) => setTimeout(resolve, 50))
}
const ours = [...users.entries()].filter(([id]) => id === ada.user_id || id === bob.user_id)
console.log(`received ${received} webhooks; the app's users table:`)
for (const [id, user] of ours) console.log(`  ${id}  ${user.name ?? "(no name)"}  ${user.email ?? ""}`)
await backend.stop()
receiver.close()
const ok = ours.length === 1 && ours[0]?.[1].name === "Ada Lovelace"
if (!ok) {
  console.error("the users table is not in step with the service")
  process.exit(1)
}
