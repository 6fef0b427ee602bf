/**
 * The kit without Effect: `startStackTest` with `await using`, fixtures, the mailbox, `advanceTime` and a
 * fault, as a Promise-based test suite uses them; and the kit's clear errors for bad use.
 */
import { expect, it } from "vitest"
import { Effect } from "effect"
import { Auth, clientTier, CurrentUser, ServerUsers } from "stackfx"
import { Fault, startStackTest, uniqueEmail } from "stackfx-backend/testing"

it("verifies an e-mail address from the link in the mail", async () => {
  await using test = await startStackTest()
  const user = await test.createUser({ emailVerified: false })
  const client = test.client(user)
  await Effect.runPromise(
    Effect.gen(function* () {
      const auth = yield* Auth
      yield* auth.sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" })
    }).pipe(Effect.provide(client))
  )
  const link = await test.mailbox.verificationLink(user.email ?? "")
  expect(link.url).toContain("http://localhost:3000/handler/email-verification?code=")
  expect(link.code.length).toBeGreaterThan(10)
})

it("expires a session's access token when the test moves the backend's time", async () => {
  await using test = await startStackTest()
  const user = await test.createUser()
  test.advanceTime(11 * 60_000)
  const response = await fetch(`${test.baseUrl}/api/v1/users/me`, {
    headers: {
      "x-stack-access-type": "client",
      "x-stack-project-id": test.projectId,
      "x-stack-publishable-client-key": test.publishableClientKey,
      "x-stack-access-token": user.accessToken
    }
  })
  expect(response.headers.get("x-stack-known-error")).toBe("ACCESS_TOKEN_EXPIRED")
})

it("drops a connection, then answers as usual", async () => {
  await using test = await startStackTest()
  await test.fault("POST /auth/password/sign-in", Fault.drop)
  const signIn = () =>
    fetch(`${test.baseUrl}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": test.projectId,
        "x-stack-publishable-client-key": test.publishableClientKey
      },
      body: JSON.stringify({ email: uniqueEmail(), password: "nope-nope-1" })
    })
  await expect(signIn()).rejects.toThrow()
  expect((await signIn()).headers.get("x-stack-known-error")).toBe("EMAIL_PASSWORD_MISMATCH")
})

it("says what went wrong when a test misuses it", async () => {
  await using test = await startStackTest({ credentialEnabled: false })
  await expect(test.createUser()).rejects.toThrow(/credentialEnabled: false/)
  await expect(test.fault("GET /no/such/route", Fault.serverError())).rejects.toThrow(
    /no route "GET \/no\/such\/route"/
  )
  await expect(test.mailbox.latest("nobody@example.test", { timeoutMillis: 50 })).rejects.toThrow(
    /no mail reached nobody@example.test within 50 ms/
  )
})

it("gives the tiers of stackfx its keys", async () => {
  await using test = await startStackTest()
  const tier = clientTier({
    projectId: test.projectId,
    publishableClientKey: test.publishableClientKey,
    baseUrl: test.baseUrl,
    tokenStore: "memory"
  })
  const user = await Effect.runPromise(CurrentUser.use((current) => current.get).pipe(Effect.provide(tier)))
  expect(user).toBeNull()
})

it("makes anonymous and restricted users", async () => {
  await using test = await startStackTest()
  const anonymous = await test.createAnonymousUser()
  const restricted = await test.createUser({ restricted: true })
  const read = (id: string) =>
    Effect.runPromise(ServerUsers.use((users) => users.get(id)).pipe(Effect.provide(test.server)))
  expect((await read(anonymous.id)).isAnonymous).toBe(true)
  expect((await read(restricted.id)).restrictedByAdmin).toBe(true)
})

it("makes a user with a passkey, signs them in by it, and refuses it where the project turned passkeys off", async () => {
  await using test = await startStackTest({ passkeyEnabled: true })
  const user = await test.createUser({ passkey: true })
  const again = await test.signInWithPasskey(user)
  expect(again.id).toBe(user.id)
  const me = await Effect.runPromise(CurrentUser.use((current) => current.get).pipe(Effect.provide(test.client(again))))
  expect(me?.passkeyAuthEnabled).toBe(true)

  await using off = await startStackTest()
  await expect(off.createUser({ passkey: true })).rejects.toThrow(/passkeyEnabled: true/)
})
