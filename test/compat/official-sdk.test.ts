/**
 * The wire promise of the local backend: a client of the hosted service, changed only in its base URL,
 * signs up, signs in, refreshes and manages teams. The official `@stackframe/js` SDK is that client.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js"
import { describe, expect, it } from "vitest"
import { uniqueEmail, useEmulator } from "../support/emulator.js"

// Access tokens live 22 s here; the SDK wants 20 s of validity left, so it has to refresh within a test.
const backend = useEmulator({ accessTokenLifetimeSeconds: 22 })
const CALLBACK = "http://localhost:3000/handler/email-verification"

const clientApp = () => {
  const project = backend.internal()
  return new StackClientApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.emulator().url,
    tokenStore: "memory"
  })
}

describe("@stackframe/js against the local backend", () => {
  it("signs up, reads the user, signs out and signs in again", async () => {
    const app = clientApp()
    const email = uniqueEmail("official")
    const password = "official-sdk-password-1"
    const signUp = await app.signUpWithCredential({ email, password, noRedirect: true, verificationCallbackUrl: CALLBACK })
    expect(signUp.status).toBe("ok")
    const user = await app.getUser()
    expect(user?.primaryEmail).toBe(email)
    await user?.signOut({ redirectUrl: "/" }).catch(() => undefined)
    const signIn = await app.signInWithCredential({ email, password, noRedirect: true })
    expect(signIn.status).toBe("ok")
    const wrong = await app.signInWithCredential({ email, password: "not-the-password", noRedirect: true })
    expect(wrong.status).toBe("error")
    if (wrong.status === "error") expect(wrong.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH")
  })

  it("refreshes its access token and manages teams", async () => {
    const app = clientApp()
    await app.signUpWithCredential({ email: uniqueEmail("official-teams"), password: "official-sdk-password-2", noRedirect: true, verificationCallbackUrl: CALLBACK })
    const user = await app.getUser({ or: "throw" })
    const before = await user.getAuthJson()
    expect(before.accessToken).toBeTruthy()
    // Past the token's lifetime the SDK refreshes through /auth/oauth/token and carries on.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const after = await user.getAuthJson()
    expect(after.accessToken).toBeTruthy()
    expect(after.accessToken).not.toBe(before.accessToken)
    const team = await user.createTeam({ displayName: "Official SDK team" })
    expect(team.displayName).toBe("Official SDK team")
    const teams = await user.listTeams()
    expect(teams.map((t) => t.id)).toContain(team.id)
    await team.update({ displayName: "Renamed by the official SDK" })
    expect((await user.listTeams()).find((t) => t.id === team.id)?.displayName).toBe("Renamed by the official SDK")
  })

  it("works as a server app with the secret key", async () => {
    const project = backend.internal()
    const server = new StackServerApp({
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      baseUrl: backend.emulator().url,
      tokenStore: "memory"
    })
    const email = uniqueEmail("official-server")
    const created = await server.createUser({ primaryEmail: email, password: "official-sdk-password-3" })
    expect(created.primaryEmail).toBe(email)
    const found = await server.getUser(created.id)
    expect(found?.id).toBe(created.id)
    const listed = await server.listUsers({ limit: 200 })
    expect(listed.map((u) => u.id)).toContain(created.id)
  })
})
