/**
 * The guest page: a visitor becomes a guest (an anonymous user) as soon as they open it, keeps a cart in
 * their client metadata, and keeps it when they sign up: the sign-up upgrades the guest instead of making a
 * new user.
 */
import { type ReactNode, Suspense } from "react"
import { allowingAnonymousUsers, CurrentUser } from "stackfx"
import { useStackApp, useUser } from "stackfx/react"
import { useRun } from "./use-run.js"

const cartOf = (metadata: unknown): ReadonlyArray<string> =>
  typeof metadata === "object" && metadata !== null && "cart" in metadata && Array.isArray(metadata.cart)
    ? metadata.cart.filter((item): item is string => typeof item === "string")
    : []

function Cart(): ReactNode {
  const app = useStackApp()
  const user = useUser({ or: "anonymous" })
  const { run, pending, error } = useRun()
  const cart = cartOf(user.clientMetadata)
  const add = () =>
    // A guest's session is accepted only where a call allows it.
    run(
      CurrentUser.use((me) => me.update({ clientMetadata: { cart: [...cart, `item ${cart.length + 1}`] } })).pipe(
        allowingAnonymousUsers
      )
    )
  return (
    <>
      <p>
        {user.isAnonymous ? "You are a guest" : `Signed in as ${user.primaryEmail ?? user.id}`} (user{" "}
        <code data-testid="user-id">{user.id}</code>).
      </p>
      <p>
        Cart: <span data-testid="cart">{cart.length === 0 ? "empty" : cart.join(", ")}</span>
      </p>
      <p className="demo-actions">
        <button type="button" className="demo-button" disabled={pending} onClick={() => void add()}>
          Add to cart
        </button>
        {user.isAnonymous ? (
          <a className="demo-button demo-secondary" href={app.urls.signUp}>
            Sign up to keep it
          </a>
        ) : null}
      </p>
      {error === undefined ? null : <p role="alert">{error}</p>}
    </>
  )
}

export function GuestPage(): ReactNode {
  return (
    <section>
      <h1>Guest cart</h1>
      <Suspense fallback={<p className="demo-muted">Loading…</p>}>
        <Cart />
      </Suspense>
    </section>
  )
}
