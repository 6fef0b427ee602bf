import { assert, describe, it } from "@effect/vitest"
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router"
import { HANDLER_ROUTES } from "../../../src/domain/handler-routes.js"
import { stackHandlerRoutes } from "../../../src/react/handler/routes.js"
import { handlerPageProps } from "../../../src/react/handler/stack-handler.js"

const treeWith = (options?: { readonly base?: string }) => {
  const root = createRootRoute()
  const home = createRoute({ getParentRoute: () => root, path: "/" })
  return createRouter({
    routeTree: root.addChildren([home, stackHandlerRoutes(root, options)]),
    history: createMemoryHistory({ initialEntries: ["/"] })
  })
}

describe("stackHandlerRoutes", () => {
  it("has one route per handler page below the base, and a not-found route for other names", () => {
    const router = treeWith()
    const paths = Object.keys(router.routesByPath)
      .filter((path) => path.startsWith("/handler/"))
      .sort()
    assert.deepStrictEqual(paths, [...HANDLER_ROUTES.map((page) => `/handler/${page}`), "/handler/$"].sort())
    for (const page of HANDLER_ROUTES) {
      const route = router.routesByPath[`/handler/${page}` as keyof typeof router.routesByPath]
      assert.isFunction(route.options.validateSearch, page)
      // Lazily loaded: the router awaits the page's chunk through the component's preload.
      assert.isFunction(route.options.component?.preload, page)
    }
  })

  it("mounts the pages at another base", () => {
    const paths = Object.keys(treeWith({ base: "/auth/" }).routesByPath)
    assert.include(paths, "/auth/sign-in")
    assert.include(paths, "/auth/team-invitation")
    assert.notInclude(paths, "/handler/sign-in")
  })

  it("matches a page and decodes its search, leaving other parameters and non-string values as the URL has them", async () => {
    const router = treeWith()
    // No RouterProvider subscribes to the history here: load each location by hand.
    const visit = async (href: string) => {
      router.history.push(href)
      await router.load()
    }
    await visit("/handler/email-verification?code=abc&utm=x")
    const match = router.state.matches.at(-1)
    assert.strictEqual(match?.routeId, "/handler/email-verification")
    assert.deepStrictEqual(match?.search, { code: "abc", utm: "x" })
    await visit("/handler/email-verification?code=123456")
    // The default parser read a number; the route leaves it be (the page reads the URL as written).
    assert.deepStrictEqual(router.state.matches.at(-1)?.search, { code: 123456 })
    await visit("/handler/nope")
    assert.strictEqual(router.state.matches.at(-1)?.routeId, "/handler/$")
  })

  it("types the links to a page and its search", () => {
    const router = treeWith()
    const location = router.buildLocation({ to: "/handler/sign-in", search: { after_auth_return_to: "/teams" } })
    assert.strictEqual(location.href, "/handler/sign-in?after_auth_return_to=%2Fteams")
    // @ts-expect-error: sign-in has no `code` parameter
    router.buildLocation({ to: "/handler/sign-in", search: { code: "x" } })
    // @ts-expect-error: no such page
    router.buildLocation({ to: "/handler/sign-inn" })
  })

  it('hands the pages a router\'s basepath normalized: a router without one says "/", which is none', () => {
    // Unnormalized, the app's URLs became "//handler/..." and the service refused them as untrusted.
    assert.strictEqual(handlerPageProps("sign-up", "http://localhost/handler/sign-up", "/", undefined).basepath, "")
    assert.strictEqual(
      handlerPageProps("sign-up", "http://localhost/app/handler/sign-up", "/app/", undefined).basepath,
      "/app"
    )
    const props = handlerPageProps(
      "/email-verification/",
      "http://localhost/handler/email-verification?code=123456",
      "/",
      undefined
    )
    assert.deepStrictEqual([props.page, props.search], ["email-verification", { code: "123456" }])
    assert.strictEqual(handlerPageProps("nope", "http://localhost/handler/nope", "/", undefined).page, undefined)
  })
})
