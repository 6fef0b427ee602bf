/**
 * `StackStartProvider` (a `StackProvider` given the request's user) on the server (no `document`): the first render shows the children with
 * the server's user, no fallback and no load, so the HTML the browser hydrates already holds them.
 */
import { assert, describe, it } from "@effect/vitest"
import type { ClientProject } from "../../../src/domain/project.js"
import type { ClientUser } from "../../../src/domain/user.js"
import { clientTier } from "../../../src/layers/client.js"
import { StackProvider, useStackApp } from "../../../src/react/provider.js"
import { StackStartProvider } from "../../../src/react/start/provider.js"
import { useProject, useUser } from "../../../src/react/hooks.js"
import type { StackSnapshot } from "../../../src/react/start/snapshot.js"
import { UserButton } from "../../../src/react/user-button.js"
import { attributeOf, render } from "../support/html.js"

// An API nobody answers: a load would fail (and suspend first), so rendering with a user proves none ran.
const layer = clientTier({
  projectId: "p",
  publishableClientKey: "pck",
  baseUrl: "http://127.0.0.1:9",
  tokenStore: "memory"
})
const ann = {
  id: "u1",
  displayName: "Ann Lee",
  primaryEmail: "ann@example.com",
  profileImageUrl: null
} as unknown as ClientUser

const project = { id: "p", displayName: "Acme", config: {} } as unknown as ClientProject

function Name() {
  const user = useUser()
  const loads = useStackApp().cache.loadCount()
  return <p className="name">{`${user?.displayName ?? "nobody"} after ${loads} loads`}</p>
}

function ProjectName() {
  return <p className="project">{`Project ${useProject().displayName}`}</p>
}

const page = (snapshot: StackSnapshot | undefined) =>
  render(
    snapshot === undefined ? (
      <StackProvider layer={layer} fallback={<p>fallback</p>}>
        <UserButton />
        <Name />
      </StackProvider>
    ) : (
      <StackStartProvider layer={layer} snapshot={snapshot} fallback={<p>fallback</p>}>
        <UserButton />
        <Name />
        {snapshot.project === undefined ? null : <ProjectName />}
      </StackStartProvider>
    )
  )

describe("StackStartProvider on the server", () => {
  it("renders the signed-in user at once, without loading them", () => {
    const html = page({ user: ann })
    assert.include(html, "Ann Lee after 0 loads")
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-label"), "Account menu")
    assert.notInclude(html, "fallback")
  })

  it("renders a visitor's menu for a signed-out request", () => {
    const html = page({ user: null })
    assert.include(html, "nobody after 0 loads")
    assert.strictEqual(attributeOf(html, "aria-haspopup", "aria-label"), "Account menu (not signed in)")
  })

  it("renders the snapshot's project at once, without loading it (the handler pages' titles and switches)", () => {
    const html = page({ user: null, project })
    assert.include(html, "Project Acme")
    assert.include(html, "nobody after 0 loads")
  })

  it("StackProvider without the request's user renders the fallback first, as before", () => {
    assert.include(page(undefined), "fallback")
  })
})
