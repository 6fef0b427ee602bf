/**
 * `useStackPageData` on the server (no `document`): the answers the server loaded for a page are in the cache
 * before the page's readers render, so they render at once with no load, and the HTML the browser hydrates
 * holds them. A key already cached keeps its entry.
 */
import { assert, describe, it } from "@effect/vitest"
import { Suspense } from "react"
import type { ClientTeam } from "../../../src/domain/team.js"
import { clientTier } from "../../../src/layers/client.js"
import { useTeams, useUser } from "../../../src/react/hooks.js"
import { useStackApp } from "../../../src/react/provider.js"
import { teamsQuery, userQuery } from "../../../src/react/queries.js"
import { useStackPageData } from "../../../src/react/start/page-data.js"
import { StackStartProvider } from "../../../src/react/start/provider.js"
import type { StackPageData } from "../../../src/react/start/snapshot.js"
import { render } from "../support/html.js"

// An API nobody answers: a load would suspend (and fail), so rendering the answers proves none ran.
const layer = clientTier({
  projectId: "p",
  publishableClientKey: "pck",
  baseUrl: "http://127.0.0.1:9",
  tokenStore: "memory"
})
const team = { id: "t1", displayName: "Acme team" } as unknown as ClientTeam

function Teams(props: { readonly data: StackPageData }) {
  useStackPageData(props.data)
  const teams = useTeams()
  const user = useUser()
  const loads = useStackApp().cache.loadCount()
  return <p>{`${teams.map((t) => t.displayName).join(",")} for ${user?.id ?? "nobody"} after ${loads} loads`}</p>
}

const page = (data: StackPageData) =>
  render(
    <StackStartProvider layer={layer} snapshot={{ user: null }} fallback={<p>fallback</p>} tabSync={false}>
      <Suspense fallback={<p>loading teams</p>}>
        <Teams data={data} />
      </Suspense>
    </StackStartProvider>
  )

describe("useStackPageData on the server", () => {
  it("puts the page's answers into the cache before its readers render", () => {
    assert.include(
      page({ signedIn: true, seeds: [{ key: teamsQuery.key, value: [team] }] }),
      "Acme team for nobody after 0 loads"
    )
  })

  it("leaves an entry the snapshot already filled as it is", () => {
    const html = page({
      signedIn: true,
      seeds: [
        { key: teamsQuery.key, value: [] },
        { key: userQuery.key, value: { id: "u9" } }
      ]
    })
    assert.include(html, " for nobody after 0 loads")
  })

  it("in a browser whose session says otherwise (signed out since), leaves the cache to load as usual", () => {
    // A `document`: the provider reads the session as a browser does (this one's memory store holds none).
    const global = globalThis as { document?: unknown }
    global.document = {}
    try {
      const html = page({ signedIn: true, seeds: [{ key: teamsQuery.key, value: [team] }] })
      assert.include(html, "loading teams")
      assert.notInclude(html, "Acme team")
    } finally {
      delete global.document
    }
  })
})
