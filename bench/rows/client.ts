/** The rows of the library's figures at run time: refresh stampedes, fan-out, SSR page views and the per-call overhead. */
import type { FanoutResult, FanoutResults } from "../fanout.js"
import type { OverheadResults } from "../overhead.js"
import type { PageViewCount, SsrPageResults } from "../ssr-pages.js"
import type { StampedeResult, StampedeResults } from "../stampede.js"
import { atMost, ms, type Row, times, us } from "./row.js"

const stampedeRow = (figure: string, result: StampedeResult, goal: number | undefined): Row => ({
  id: "2",
  figure,
  value: `${result.refreshRequests} refresh${result.refreshRequests === 1 ? "" : "es"}`,
  goal: goal === undefined ? "" : `${goal}`,
  result: goal === undefined ? "info" : atMost(result.refreshRequests, goal),
  note: `${result.callersWithFreshToken}/${result.callers} callers got a fresh token${result.note === undefined ? "" : `; ${result.note}`}`
})

export const stampedeRows = (s: StampedeResults): Array<Row> => [
  stampedeRow("stampede, 100 concurrent getAccessToken, expired token, one runtime", s.oneRuntime, 1),
  stampedeRow("stampede, 4 tabs x 25 getAccessToken, shared cookie store, on demand", s.fourTabsOnDemand, 1),
  stampedeRow("stampede, 4 tabs, tab sync's refresh ahead of expiry (shared lock)", s.fourTabsAhead, 1),
  "error" in s.official
    ? {
        id: "2",
        figure: "stampede, 100 concurrent user.getAccessToken(): @stackframe/js",
        value: "failed",
        goal: "",
        result: "error",
        note: s.official.error
      }
    : stampedeRow("stampede, 100 concurrent user.getAccessToken(): @stackframe/js", s.official, undefined)
]

const fanoutRow = (figure: string, result: FanoutResult | { readonly error: string }, goal: number | undefined): Row =>
  "error" in result
    ? {
        id: "3",
        figure,
        value: "failed",
        goal: goal === undefined ? "" : `${goal}`,
        result: "error",
        note: result.error
      }
    : {
        id: "3",
        figure,
        value: `${result.userRequests} GET /users/me`,
        goal: goal === undefined ? "" : `${goal}`,
        result: goal === undefined ? "info" : atMost(result.userRequests, goal),
        note:
          `all API requests of the cold load: ${JSON.stringify(result.requests)}` +
          (result.pageErrors.length > 0 ? `; page errors: ${result.pageErrors.join(" | ").slice(0, 300)}` : "")
      }

export const fanoutRows = (f: FanoutResults): Array<Row> => [
  fanoutRow(`fan-out, ${componentsOf(f.oneBoundary)} useUser() readers, one Suspense boundary`, f.oneBoundary, 1),
  fanoutRow(`fan-out, ${componentsOf(f.boundaryEach)} useUser() readers, a boundary each`, f.boundaryEach, 1),
  fanoutRow("fan-out, 50 useUser() readers: @stackframe/react", f.official, undefined)
]

const componentsOf = (result: FanoutResult) => result.components

const ssrRow = (figure: string, count: PageViewCount, goal: number | undefined, more = ""): Row => ({
  id: "6",
  figure,
  value: `${count.maxRequests} request(s)`,
  goal: goal === undefined ? "" : `<= ${goal}`,
  result: goal === undefined ? "info" : atMost(count.maxRequests, goal),
  note: `${more}most of 5 views; the last: ${JSON.stringify(count.lastView)}`
})

export const ssrRows = (s: SsrPageResults): Array<Row> => [
  ssrRow("server-rendered page, signed in, fresh token: reads the session only", s.sessionOnly, 0),
  ssrRow("server-rendered page, signed in, fresh token: reads the full user (snapshot)", s.fullUser, 1),
  ssrRow("server-rendered page, signed in, fresh token: the example's dashboard (user, teams)", s.dashboard, undefined),
  ssrRow(
    "server-rendered page, signed in, fresh token: account settings (its costliest section)",
    s.accountSettings,
    4,
    `by section ${JSON.stringify(s.accountSettingsBySection)}; `
  )
]

export const overheadRows = (o: OverheadResults): Array<Row> => {
  const { loopback: l, clientOnly: c } = o
  const calls = l.stats.stackfx.calls
  return [
    {
      id: "4",
      figure: `per call, ${calls} sequential reads each: raw fetch GET /users/me`,
      value: `${ms(l.stats.raw.p50Ms)} median, ${ms(l.stats.raw.meanMs)} mean`,
      goal: "",
      result: "info",
      note:
        `p99 ${ms(l.stats.raw.p99Ms)}, beside stackfx; beside the official SDK ${ms(l.rawBesideOfficial.p50Ms)} median ` +
        `(each client is measured in a pass of its own, alternating call by call with raw fetch)`
    },
    {
      id: "4",
      figure: "per call: stackfx CurrentUser.get / raw fetch",
      value: `${times(l.medianRatio.stackfx)} (mean ${times(l.meanRatio.stackfx)})`,
      goal: "<= 1.1x",
      result: atMost(l.medianRatio.stackfx, 1.1),
      note: `stackfx ${ms(l.stats.stackfx.p50Ms)} median, ${ms(l.stats.stackfx.meanMs)} mean, p99 ${ms(l.stats.stackfx.p99Ms)}`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js getUser({ tokenStore }) / raw fetch",
      value: `${times(l.medianRatio.officialPublic)} (mean ${times(l.meanRatio.officialPublic)})`,
      goal: "",
      result: "info",
      note: `${ms(l.stats.officialPublic.p50Ms)} median; a fresh session per call, so never cached or throttled`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js cache-miss path / raw fetch",
      value: `${times(l.medianRatio.officialCacheMiss)} (mean ${times(l.meanRatio.officialCacheMiss)})`,
      goal: "",
      result: "info",
      note: `${ms(l.stats.officialCacheMiss.p50Ms)} median; getClientUserByToken + _currentUserFromCrud on one session`
    },
    {
      id: "4",
      figure: "per call: @stackframe/js getUser() on one session",
      value: `${ms(o.officialGetUser.p50Ms)} median`,
      goal: "",
      result: "info",
      note: `${o.officialGetUser.calls} calls; its cache refetches through a limiter of one fetch per 300 ms`
    },
    {
      id: "4",
      figure: "client cost per call, fetch stubbed: raw / stackfx / js public / js cache-miss",
      value: `${us(c.stats.raw.p50Ms)} / ${us(c.stats.stackfx.p50Ms)} / ${us(c.stats.officialPublic.p50Ms)} / ${us(c.stats.officialCacheMiss.p50Ms)}`,
      goal: "",
      result: "info",
      note:
        `medians of ${c.stats.raw.calls} calls each; means ${us(c.stats.raw.meanMs)} / ${us(c.stats.stackfx.meanMs)} / ` +
        `${us(c.stats.officialPublic.meanMs)} / ${us(c.stats.officialCacheMiss.meanMs)}`
    }
  ]
}
