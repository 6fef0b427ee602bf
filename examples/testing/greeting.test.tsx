// @vitest-environment happy-dom
/**
 * A component test: the app's greeting rendered with React Testing Library inside `StackTestProvider`,
 * signed in as a fixture user of a project opened with the Promise API.
 */
import { cleanup, render, screen } from "@testing-library/react"
import { afterAll, afterEach, beforeAll, expect, it } from "vitest"
import { useUser } from "stackfx/react"
import { type RunningStackTest, startStackTest, type TestUser } from "stackfx-backend/testing"
import { StackTestProvider } from "stackfx-backend/testing/react"

function Greeting() {
  const user = useUser()
  return <p>{user === null ? "Please sign in" : `Hello, ${user.displayName ?? user.primaryEmail}`}</p>
}

let test: RunningStackTest
let user: TestUser

beforeAll(async () => {
  test = await startStackTest()
  user = await test.createUser({ displayName: "Ada Lovelace" })
})
afterAll(() => test.stop())
afterEach(cleanup)

it("greets the signed-in user by name", async () => {
  render(
    <StackTestProvider test={test} user={user}>
      <Greeting />
    </StackTestProvider>
  )
  expect(await screen.findByText("Hello, Ada Lovelace")).toBeDefined()
})

it("asks a visitor to sign in", async () => {
  render(
    <StackTestProvider test={test}>
      <Greeting />
    </StackTestProvider>
  )
  expect(await screen.findByText("Please sign in")).toBeDefined()
})
