/**
 * Request bodies: the caller's access is checked before a byte of the body is read, the body is counted
 * as it arrives and refused with 413 at `MAX_BODY_BYTES` (without waiting for the rest), and a refused
 * body stores nothing. The requests here leave their bodies open: an answer can only come from a server
 * that stops reading on its own.
 */
import { assert, describe, it } from "@effect/vitest"
import { request as httpRequest } from "node:http"
import { MAX_BODY_BYTES } from "../../../backend/src/http/input-limits.js"
import { expectStatus, type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

interface OpenAnswer {
  readonly status: number
  readonly knownError: string | undefined
  readonly text: string
}

/**
 * Sends the head and `bytes` bytes of body, then waits for the answer with the body still open (it is
 * only ended once the answer is in). `declaredLength` goes into Content-Length; without it the body is
 * chunked.
 */
const sendOpenBody = (
  path: string,
  headers: Record<string, string>,
  bytes: number,
  declaredLength?: number
): Promise<OpenAnswer> =>
  new Promise((resolve, reject) => {
    const url = new URL(`${backend.localBackend().apiUrl}${path}`)
    const req = httpRequest(url, {
      method: "PATCH",
      headers: {
        ...headers,
        "content-type": "application/json",
        ...(declaredLength === undefined ? {} : { "content-length": String(declaredLength) })
      }
    })
    req.on("response", (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => {
        req.destroy()
        const knownError = res.headers["x-stack-known-error"]
        resolve({
          status: res.statusCode ?? 0,
          knownError: typeof knownError === "string" ? knownError : undefined,
          text: Buffer.concat(chunks).toString("utf8")
        })
      })
    })
    // The server may close the connection once it has answered; what matters is the answer.
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)))
    const chunk = Buffer.alloc(64 * 1024, " ")
    for (let sent = 0; sent < bytes; sent += chunk.length)
      req.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))
  })

const clientHeaders = (project: TestProject, accessToken: string) => ({
  "x-stack-access-type": "client",
  "x-stack-project-id": project.id,
  "x-stack-publishable-client-key": project.publishableClientKey,
  "x-stack-access-token": accessToken
})

describe("request bodies", () => {
  it("refuses an anonymous request before reading its body", async () => {
    const answer = await sendOpenBody("/users/me", {}, 1024, 200_000_000)
    assert.strictEqual(answer.status, 400)
    assert.strictEqual(answer.knownError, "ACCESS_TYPE_REQUIRED")
  })

  it("refuses wrong keys before reading the body", async () => {
    const project = await backend.createProject()
    const answer = await sendOpenBody(
      "/users/me",
      {
        "x-stack-access-type": "client",
        "x-stack-project-id": project.id,
        "x-stack-publishable-client-key": "not-the-key"
      },
      1024,
      200_000_000
    )
    assert.strictEqual(answer.knownError, "INVALID_PUBLISHABLE_CLIENT_KEY")
  })

  it("answers 413 at once when the declared length is over the limit", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const answer = await sendOpenBody("/users/me", clientHeaders(project, user.accessToken), 1024, MAX_BODY_BYTES + 1)
    assert.strictEqual(answer.status, 413)
    assert.include(answer.text, String(MAX_BODY_BYTES))
  })

  it("stops reading a body without a length at the limit and answers 413", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const answer = await sendOpenBody("/users/me", clientHeaders(project, user.accessToken), MAX_BODY_BYTES + 64 * 1024)
    assert.strictEqual(answer.status, 413)
  })

  it("stores nothing of a body over the limit, and accepts one under it", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const oversized = await backend.call(project, "POST", "/teams", {
      accessType: "server",
      body: { display_name: "x".repeat(10_000_000), creator_user_id: user.userId }
    })
    assert.strictEqual(oversized.status, 413)
    const teams = expectStatus(await backend.call(project, "GET", "/teams", { accessType: "server" }), 200)
    assert.deepStrictEqual(teams.body.items, [])

    // Near the limit but within every field limit: a long name and metadata close to its own limit.
    const large = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { display_name: "n".repeat(900_000), client_metadata: { notes: "m".repeat(99_000) } }
    })
    assert.strictEqual(large.status, 200, large.text.slice(0, 300))
    assert.strictEqual(large.body.display_name.length, 900_000)
  })
})
