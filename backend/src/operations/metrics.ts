/**
 * `GET /internal/metrics`, counted from the store. Days are UTC calendar days; the window is today and
 * the 30 days before it, oldest first, as on the hosted service. Users are not located, so
 * `usersByCountry` is empty rather than invented.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { MetricsDataPoint, ProjectMetrics } from "@stackfx/lib/domain/metrics.js"
import type { DbError, DbShape } from "../store/db.js"
import { lastActiveTimesSince, loginMethodCounts, recentlyActiveUserIds, signUpTimesSince } from "../store/metrics.js"
import { countProjectUsers } from "../store/projects.js"
import { findUserView, listUserViews } from "../store/users.js"

const DAYS = 31
const RECENT = 5
const DAY_MS = 86_400_000

const dayKey = (date: Date): string => date.toISOString().slice(0, 10)

/** One point per day from `start` for `DAYS` days, counting the times that fall on each. */
export const perDay = (start: Date, times: ReadonlyArray<Date>): ReadonlyArray<MetricsDataPoint> => {
  const counts = new Map<string, number>()
  for (const time of times) counts.set(dayKey(time), (counts.get(dayKey(time)) ?? 0) + 1)
  return Array.from({ length: DAYS }, (_, i) => {
    const date = dayKey(new Date(start.getTime() + i * DAY_MS))
    return { date, activity: counts.get(date) ?? 0 }
  })
}

/** The metrics with their recent users as the full server users they are (the wire sends them whole). */
export interface ProjectMetricsOfUsers extends ProjectMetrics {
  readonly recentlyRegistered: ReadonlyArray<ServerUser>
  readonly recentlyActive: ReadonlyArray<ServerUser>
}

export const projectMetrics = (db: DbShape, projectId: string): Effect.Effect<ProjectMetricsOfUsers, DbError> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const today = Date.parse(`${dayKey(new Date(now))}T00:00:00.000Z`)
    const start = new Date(today - (DAYS - 1) * DAY_MS)
    const [totalUsers, signUps, active, recentlyRegistered, activeIds, loginMethods] = yield* Effect.all([
      countProjectUsers(db, projectId),
      signUpTimesSince(db, projectId, start),
      lastActiveTimesSince(db, projectId, start),
      listUserViews(db, { projectId, desc: true, limit: RECENT }),
      recentlyActiveUserIds(db, projectId, RECENT),
      loginMethodCounts(db, projectId)
    ])
    const recentlyActive = yield* Effect.forEach(activeIds, (id) => findUserView(db, projectId, id))
    return {
      totalUsers,
      dailyUsers: perDay(start, signUps),
      dailyActiveUsers: perDay(start, active),
      usersByCountry: {},
      recentlyRegistered,
      // A user deleted between the two reads is skipped, as the hosted service does.
      recentlyActive: recentlyActive.flatMap((user) => user ?? []),
      loginMethods
    }
  })
