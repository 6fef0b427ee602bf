/**
 * The runnable examples, run as a user runs them (`node --import tsx examples/<name>.ts`) against a local
 * backend, with only STACK_API_URL set: everything else comes from their local-backend defaults.
 */
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { REFUSING_PORT } from "../support/cli.js"
import { useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()
const root = fileURLToPath(new URL("../../", import.meta.url))

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** The environment of the test run minus any STACK_* variable, plus `vars`. */
const envWith = (vars: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("STACK_")) env[key] = value
  }
  return { ...env, ...vars }
}

const runExample = (name: string, vars: Record<string, string>) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `examples/${name}.ts`],
      { cwd: root, env: envWith(vars), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null
        resolve({ code, stdout, stderr })
      }
    )
  })

const lines = (text: string) => text.trim().split("\n")

describe.concurrent("examples", () => {
  it("client.ts signs up, renames, is refused a wrong password and signs out", { timeout: 90_000 }, async () => {
    const run = await runExample("client", { STACK_API_URL: backend.localBackend().url })
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const out = lines(run.stdout)
    expect(out).toHaveLength(4)
    expect(out[0]).toMatch(/^signed up client-example-\w+@example\.com \(new user: true\)$/)
    expect(out[1]).toMatch(/^signed in as Client Example <client-example-\w+@example\.com>$/)
    expect(out[2]).toBe("wrong password refused: Wrong e-mail or password.")
    expect(out[3]).toBe("signed out; current user: none")
  })

  it(
    "agent.ts registers an agent, which a headless person approves, and acts with its session",
    { timeout: 90_000 },
    async () => {
      const run = await runExample("agent", { STACK_API_URL: backend.localBackend().url })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const out = lines(run.stdout)
      expect(out).toHaveLength(5)
      expect(out[0]).toMatch(
        /^open http\S+\/handler\/agent-auth-confirm\?code=[A-Z2-9]{4}-[A-Z2-9]{4} \(code [A-Z2-9]{4}-[A-Z2-9]{4}\) to approve this agent$/
      )
      expect(out[1]).toMatch(/^agent-example-\w+@example\.com approved "Example agent" \(headless\)$/)
      expect(out[2]).toMatch(/^the agent acts as agent-example-\w+@example\.com$/)
      expect(out[3]).toBe("the person's agent sessions: Example agent")
      expect(out[4]).toBe("the agent signed out")
    }
  )

  it(
    "access.ts checks a project permission, user and team API keys, a config change and a sign-up rule",
    { timeout: 90_000 },
    async () => {
      const run = await runExample("access", { STACK_API_URL: backend.localBackend().url })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const out = lines(run.stdout)
      expect(out).toHaveLength(8)
      expect(out[0]).toMatch(
        /^granted example_reports_\w+; holds example_reports_\w+_read through it: true; direct grants: example_reports_\w+$/
      )
      expect(out[1]).toBe("user API key Valid, its owner found by the server: true")
      expect(out[2]).toBe("user API key after revoking: ApiKeyRevoked")
      expect(out[3]).toBe("team API key Valid, its team found by the server: true")
      expect(out[4]).toBe("team API key after revoking: ApiKeyRevoked")
      expect(out[5]).toBe(
        "user API keys turned off (admin project reads false); a new user key: refused (ApiKeysDisabled)"
      )
      expect(out[6]).toMatch(/^sign-up with @blocked-\w+\.example\.com: rejected \(SIGN_UP_REJECTED\)$/)
      expect(out[7]).toBe("sign-up with another domain: accepted")
    }
  )

  // Alone: its second step makes the demo project require a verified e-mail for a moment, which would restrict
  // the users the other examples sign up meanwhile.
  it(
    "accounts.ts upgrades a guest, verifies a restricted user, ends a session, accepts an invitation by id and lists linked providers",
    { timeout: 90_000, concurrent: false },
    async () => {
      const run = await runExample("accounts", { STACK_API_URL: backend.localBackend().url })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const out = lines(run.stdout)
      expect(out).toContain("1. A guest signs up and keeps their data")
      expect(out.find((line) => line.startsWith("guest "))).toMatch(
        /^guest (\S+) signed up as guest-\w+@example\.com: user \1, cart \{"cart":\["book"\]\}, teams /
      )
      expect(out).toContain("2. A user verifies their e-mail and is no longer restricted")
      expect(out.find((line) => line.startsWith("signed up "))).toMatch(
        /get\(\) -> null, restricted reason \{"type":"email_not_verified"\}$/
      )
      expect(out.find((line) => line.startsWith("after verifying: "))).toMatch(
        /^after verifying: unverified-\w+@example\.com, restricted false$/
      )
      expect(out).toContain("3. A user lists their sessions and ends another device's")
      expect(out.find((line) => line.startsWith("sessions-"))).toMatch(
        /^sessions-\w+@example\.com: 2 sessions \(1 current\); after ending the other: 1$/
      )
      expect(out).toContain("4. A user accepts a received invitation by its id")
      expect(out.find((line) => line.startsWith("invitee-"))).toMatch(
        /^invitee-\w+@example\.com received: Book club \w+; accepted by id, now a member: true$/
      )
      expect(out).toContain("5. A user lists the providers linked to their account")
      expect(out.at(-1)).toMatch(/^linked-\w+@example\.com linked providers: github \(sign-in true, connected false\)$/)
    }
  )

  it("server.ts manages users and sessions and verifies a token locally", { timeout: 90_000 }, async () => {
    const run = await runExample("server", { STACK_API_URL: backend.localBackend().url })
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(lines(run.stdout)).toEqual([
      "created 3 users",
      "first page: 2 users, more pages: true",
      "all pages: 3 users",
      "access token verified locally: it is user 1",
      "user 1 has 1 session(s)",
      "after ending them: 0 session(s)",
      "reading an unknown user: UserNotFound (User not found.)",
      "deleted 3 users"
    ])
  })

  it(
    "admin.ts reads the project, revokes an API key set, defines a permission, lists templates, may not edit one",
    { timeout: 90_000 },
    async () => {
      const run = await runExample("admin", { STACK_API_URL: backend.localBackend().url })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const out = lines(run.stdout)
      expect(out).toHaveLength(7)
      expect(out[0]).toBe(
        `project demo ("stackfx demo"): production mode off, owner team none, sign-in with github, google, microsoft, spotify`
      )
      expect(out[1]).toBe("API key set created: Valid, has a secret server key: true")
      expect(out[2]).toBe("after revoking: ManuallyRevoked")
      expect(out[3]).toMatch(/^permission example_editor_\w+ contains \$read_members$/)
      expect(out[4]).toBe(
        "a permission containing an unknown one: refused, ContainedPermissionNotFound: no_such_permission"
      )
      expect(out[5]).toBe(
        "email templates: Email Verification, Password Reset, Magic Link/OTP, Team Invitation, Sign In Invitation, " +
          "Payment Receipt, Payment Failed"
      )
      // The seeded projects use the shared email server, whose templates are the defaults, as on the service.
      expect(out[6]).toBe("editing the Magic Link/OTP template: refused, RequiresCustomEmailServer")
    }
  )

  it(
    "app-server.ts serves a route that reads the caller's session, and refuses a call without one",
    { timeout: 90_000 },
    async () => {
      const run = await runExample("app-server", { STACK_API_URL: backend.localBackend().url })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const out = lines(run.stdout)
      expect(out).toHaveLength(5)
      expect(out[0]).toBe("app server listening")
      const signedUp = /^signed up app-server-example-\w+@example\.com as (\S+)$/.exec(out[1] ?? "")
      expect(signedUp).not.toBeNull()
      expect(out[2]).toBe(`GET /api/me with the session headers: 200, the server read user ${signedUp?.[1]}`)
      expect(out[3]).toBe("GET /api/me without a session: 401 Unauthenticated")
      expect(out[4]).toBe("app server stopped")
    }
  )

  it("tracing.ts exports the spans of a sign-in over OTLP, with no secret in them", { timeout: 90_000 }, async () => {
    const run = await runExample("tracing", { STACK_API_URL: backend.localBackend().url })
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const out = lines(run.stdout)
    expect(out.slice(0, 2)).toEqual(["signed in as the new user", "the OTLP receiver got 11 spans:"])
    // The tree without attributes: operations under the example's span, an HTTP attempt under each.
    expect(out.slice(2).map((line) => line.replace(/ {2}\[.*\]$/, ""))).toEqual([
      "example.sign-in",
      "  stackfx.Auth.signUpWithCredential",
      "    POST /api/v1/auth/password/sign-up",
      "  stackfx.Auth.signOut",
      "    DELETE /api/v1/auth/sessions/current",
      "  stackfx.Auth.signInWithCredential",
      "    POST /api/v1/auth/password/sign-in",
      "  stackfx.Auth.signInWithCredential",
      "    POST /api/v1/auth/password/sign-in",
      "  stackfx.CurrentUser.get",
      "    GET /api/v1/users/me"
    ])
    expect(out[8]).toContain("http.response.status_code=400 error.type=EMAIL_PASSWORD_MISMATCH")
    expect(run.stdout).not.toMatch(/@example\.com|correct horse|not the password/)
  })

  it("an unreachable backend ends an example with a hint and exit code 1", { timeout: 90_000 }, async () => {
    const run = await runExample("client", { STACK_API_URL: `http://127.0.0.1:${REFUSING_PORT}` })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain("Is the local backend running?")
  })

  it("a blank project id ends an example with the configuration message", { timeout: 90_000 }, async () => {
    const run = await runExample("server", { STACK_API_URL: backend.localBackend().url, STACK_PROJECT_ID: " " })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr.trim()).toBe(
      "configuration: A project ID is required. Pass it as the projectId option or set the HEXCLAVE_PROJECT_ID " +
        "(or STACK_PROJECT_ID) environment variable."
    )
  })
})
