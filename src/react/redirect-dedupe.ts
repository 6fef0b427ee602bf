/**
 * The provider's redirects: a redirect wait of 2000 ms after each navigation, and calls for the same
 * URL within that wait share one navigation (fifty `useUser({ or: "redirect" })` readers rendering at once
 * send the browser away once). A call for another URL navigates at once: under a client-side router the
 * page lives on after a redirect, and a person's next click (Sign up after Sign in) must not be dropped.
 *
 * The navigation itself runs in a microtask, after the caller returns: `useUser({ or: "redirect" })` calls
 * this while React renders, and a router's navigate sets state (React warns of a setState in render).
 */
export const makeRedirects = (
  navigate: (url: string) => void,
  wait: () => Promise<void>
): ((url: string) => Promise<void>) => {
  let pending: { readonly url: string; readonly done: Promise<void> } | undefined
  return (url) => {
    if (pending !== undefined && pending.url === url) return pending.done
    queueMicrotask(() => navigate(url))
    const current: { readonly url: string; readonly done: Promise<void> } = {
      url,
      done: wait().then(() => {
        if (pending === current) pending = undefined
      })
    }
    pending = current
    return current.done
  }
}
