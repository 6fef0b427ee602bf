/**
 * Benchmark page (hook fan-out): a `StackProvider` over the real client tier (cookie token store, the
 * page's own origin as the API base, reached through the counting proxy) and `?n=` components reading
 * `useUser()`, mounted under one Suspense boundary (`?mode=one`) or one boundary each (`?mode=each`).
 * The benchmark sets the session cookies before the page loads and counts the backend requests.
 */
import { type ReactNode, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { clientTier } from "../../src/layers/client.js"
import { useUser } from "../../src/react/hooks.js"
import { StackProvider } from "../../src/react/provider.js"

declare const BENCH_PROJECT_ID: string
declare const BENCH_PUBLISHABLE_CLIENT_KEY: string

const params = new URLSearchParams(location.search)
const n = Number(params.get("n") ?? "50")
const mode = params.get("mode") ?? "one"

// Built once, outside components (a new Layer per render would rebuild the runtime).
const layer = clientTier({
  projectId: BENCH_PROJECT_ID,
  publishableClientKey: BENCH_PUBLISHABLE_CLIENT_KEY,
  baseUrl: location.origin,
  tokenStore: "cookie"
})

function Reader(): ReactNode {
  const user = useUser()
  return <span className="reader" data-user={user?.id ?? "none"}>{user?.primaryEmail ?? "nobody"}</span>
}

const readers = Array.from({ length: n }, (_, i) =>
  mode === "each"
    ? <Suspense key={i} fallback={<span className="pending" />}><Reader /></Suspense>
    : <Reader key={i} />)

const root = document.getElementById("root")
if (root === null) throw new Error("no #root")
createRoot(root).render(
  <StrictMode>
    <StackProvider layer={layer}>
      {mode === "each" ? readers : <Suspense fallback={<span className="pending" />}>{readers}</Suspense>}
    </StackProvider>
  </StrictMode>
)
