/**
 * `GET /internal/metrics`, counted from the store. Days are UTC calendar days; the window is today and
 * the 30 days before it, oldest first, as on the hosted service. `usersByCountry` counts the country recorded
 * for each user (its sign-up's location headers, or a server's `country_code`), where the service counts the
 * country of each user's latest session refresh from its analytics events: the same for a user who signs in
 * from where they signed up.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type {
  MetricsActivitySplit,
  MetricsDataPoint,
  MetricsEmailOverview,
  ProjectMetrics
} from "@stackfx/lib/domain/metrics.js"
import type { DbEffect } from "../../store/db.js"
import {
  countSentEmails,
  lastActiveTimesSince,
  loginMethodCounts,
  recentlyActiveUserIds,
  type SentEmail,
  sentEmailsSince,
  signUpTimesSince,
  userCounts,
  usersByCountry
} from "../../store/projects/metrics.js"
import { findUserView, listUserViews } from "../../store/users/users.js"
import { withHostedExtras } from "../users/user-views.js"

const DAYS = 31
// As the service: the 5 users active last; its recent lists (registrations, e-mails) hold 100.
const RECENTLY_ACTIVE = 5
const RECENT_LIST = 100
/** Monthly active users: active in the last 30 days. */
const MAU_DAYS = 30
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

/**
 * The figures of `GET /internal/metrics`. Anonymous users count only with `includeAnonymous`, as on the
 * service: in the totals, the charts, the monthly actives and the recent lists (without it, the recently
 * registered list also leaves restricted users out, as the service's user list does). The verified,
 * unverified and anonymous counts never overlap and always count everybody.
 */
export const projectMetrics = (projectId: string, includeAnonymous: boolean): DbEffect<ProjectMetricsOfUsers> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const today = Date.parse(`${dayKey(new Date(now))}T00:00:00.000Z`)
    const start = new Date(today - (DAYS - 1) * DAY_MS)
    const [signUps, active, recentlyRegistered, activeIds, loginMethods] = yield* Effect.all([
      signUpTimesSince(projectId, start, includeAnonymous),
      lastActiveTimesSince(projectId, start, includeAnonymous),
      listUserViews({
        projectId,
        desc: true,
        limit: RECENT_LIST,
        include: includeAnonymous ? "all" : "unrestricted"
      }),
      recentlyActiveUserIds(projectId, RECENTLY_ACTIVE, includeAnonymous),
      loginMethodCounts(projectId)
    ])
    const recentlyActive = yield* Effect.forEach(activeIds, (id) => findUserView(projectId, id))
    const [counts, emails, totalEmails, countries] = yield* Effect.all([
      userCounts(projectId, new Date(now - MAU_DAYS * DAY_MS), includeAnonymous),
      sentEmailsSince(projectId, start),
      countSentEmails(projectId),
      usersByCountry(projectId, includeAnonymous)
    ])
    const totalUsers = counts.verified + counts.unverified + (includeAnonymous ? counts.anonymous : 0)
    const dailyUsers = perDay(start, signUps)
    const dailyActiveUsers = perDay(start, active)
    return {
      totalUsers,
      dailyUsers,
      dailyActiveUsers,
      usersByCountry: countries,
      // Whole server users, as the hosted service sends them.
      recentlyRegistered: recentlyRegistered.map(withHostedExtras),
      // A user deleted between the two reads is skipped, as the hosted service does.
      recentlyActive: recentlyActive.flatMap((user) => (user === undefined ? [] : [withHostedExtras(user)])),
      loginMethods,
      authOverview: {
        verifiedUsers: counts.verified,
        unverifiedUsers: counts.unverified,
        anonymousUsers: counts.anonymous,
        totalTeams: counts.teams,
        mau: counts.activeSince,
        dailyActiveUsersSplit: activitySplit(dailyActiveUsers, dailyUsers),
        // Teams have no activity of their own here.
        dailyActiveTeamsSplit: activitySplit(zeroes(start), zeroes(start)),
        totalUsersFiltered: totalUsers
      },
      emailOverview: emailOverview(start, emails, totalEmails),
      // The local backend has no payments or analytics: both answer as a new hosted project's do, with zeros.
      paymentsOverview: {
        subscriptionsByStatus: {},
        activeSubscriptionCount: 0,
        totalOneTimePurchases: 0,
        dailySubscriptions: zeroes(start),
        revenueCents: 0,
        mrrCents: 0,
        totalOrders: 0,
        checkoutConversionRate: 0
      },
      analyticsOverview: {
        dailyPageViews: zeroes(start),
        dailyClicks: zeroes(start),
        dailyVisitors: zeroes(start),
        dailyRevenue: zeroes(start).map(({ date }) => ({ date, newCents: 0, refundCents: 0 })),
        totalRevenueCents: 0,
        totalReplays: 0,
        recentReplays: 0,
        visitors: 0,
        avgSessionSeconds: 0,
        onlineLive: 0,
        revenuePerVisitor: 0,
        topReferrers: [],
        topRegion: null
      }
    }
  })

/** The window's days with nothing on them. */
const zeroes = (start: Date): ReadonlyArray<MetricsDataPoint> => perDay(start, [])

/**
 * Active users split as the hosted service splits them. Activity here is only each user's latest
 * `last_active_at`, so a day's active users who signed up that day are new and the others retained; none
 * can be told reactivated.
 */
const activitySplit = (
  active: ReadonlyArray<MetricsDataPoint>,
  signedUp: ReadonlyArray<MetricsDataPoint>
): MetricsActivitySplit => ({
  total: active,
  new: active.map((point, i) => ({ date: point.date, activity: Math.min(point.activity, signedUp[i]?.activity ?? 0) })),
  retained: active.map((point, i) => ({
    date: point.date,
    activity: Math.max(0, point.activity - (signedUp[i]?.activity ?? 0))
  })),
  reactivated: active.map((point) => ({ date: point.date, activity: 0 }))
})

/**
 * The e-mail overview from the outbox, counted as the service counts its own: every message the outbox keeps was
 * sent (the service's simple status `ok`, its status `SENT`), none is known delivered or bounced (the service
 * learns that from its e-mail provider's events, which an SMTP relay does not send), so the deliverability rate
 * is 0 as the service's development setup reports it.
 */
const emailOverview = (start: Date, emails: ReadonlyArray<SentEmail>, totalEmails: number): MetricsEmailOverview => {
  const daily = perDay(
    start,
    emails.map((email) => email.createdAt)
  )
  return {
    emailsByStatus: totalEmails === 0 ? {} : { ok: totalEmails },
    totalEmails,
    dailyEmails: daily,
    dailyEmailsByStatus: daily.map(({ date, activity }) => ({ date, ok: activity, error: 0, inProgress: 0 })),
    emailsSent: totalEmails,
    recentEmails: emails
      .slice(0, RECENT_LIST)
      .map((email) => ({ id: email.id, status: "SENT", subject: email.subject, createdAt: email.createdAt })),
    deliverabilityStatus: { delivered: 0, bounced: 0, error: 0, inProgress: 0 },
    deliverabilityRate: 0,
    bounceRate: 0,
    clickRate: 0
  }
}
