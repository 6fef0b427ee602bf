/**
 * Benchmark page (hook fan-out), the official SDK: `@stackframe/react`'s `StackProvider` with a cookie
 * token store and `?n=` components reading its `useUser()`. `?signin=1` signs in with
 * `signInWithCredential` instead (the official cookies are the SDK's own format), so the benchmark can then
 * load the page cold with a session, as it does for stackfx.
 */
import { StackClientApp, StackProvider, useUser } from "@stackframe/react"
import { type ReactNode, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { hexclaveHeadersAsStack } from "../official.js"

declare const BENCH_PROJECT_ID: string
declare const BENCH_PUBLISHABLE_CLIENT_KEY: string

hexclaveHeadersAsStack()

const params = new URLSearchParams(location.search)
const n = Number(params.get("n") ?? "50")

const app = new StackClientApp({
  projectId: BENCH_PROJECT_ID,
  publishableClientKey: BENCH_PUBLISHABLE_CLIENT_KEY,
  baseUrl: location.origin,
  tokenStore: "cookie",
  redirectMethod: "none"
})

const bench = window as unknown as { benchSignedIn?: string }

function Reader(): ReactNode {
  const user = useUser()
  return <span className="reader" data-user={user?.id ?? "none"}>{user?.primaryEmail ?? "nobody"}</span>
}

const email = params.get("email")
const password = params.get("password")
if (params.get("signin") === "1" && email !== null && password !== null) {
  app.signInWithCredential({ email, password, noRedirect: true }).then(
    (result) => {
      bench.benchSignedIn = result.status
    },
    (error: unknown) => {
      bench.benchSignedIn = `error: ${String(error)}`
    }
  )
} else {
  const root = document.getElementById("root")
  if (root === null) throw new Error("no #root")
  createRoot(root).render(
    <StrictMode>
      <StackProvider app={app}>
        <Suspense fallback={<span className="pending" />}>
          {Array.from({ length: n }, (_, i) => <Reader key={i} />)}
        </Suspense>
      </StackProvider>
    </StrictMode>
  )
}
