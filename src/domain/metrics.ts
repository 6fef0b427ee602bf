/** Project metrics (`GET /internal/metrics`, admin tier), in the hosted service's shape. */
import * as Schema from "effect/Schema"
import { Millis, wireStruct } from "./wire.js"

/** One day of a chart: `date` is `YYYY-MM-DD` (UTC), `activity` a count. */
export const MetricsDataPoint = Schema.Struct({ date: Schema.String, activity: Schema.Int })
export type MetricsDataPoint = typeof MetricsDataPoint.Type

/** How many sign-in methods of one kind (`password`, `passkey`, `otp` or an OAuth provider id) exist. */
export const LoginMethodCount = Schema.Struct({ method: Schema.String, count: Schema.Int })
export type LoginMethodCount = typeof LoginMethodCount.Type

/**
 * A user in the metrics' recent lists. The hosted service passes whole users through but its schema
 * guarantees only these fields (and lets the others go), so only these are read.
 */
export const MetricsRecentUser = wireStruct(
  {
    id: Schema.String,
    displayName: Schema.NullOr(Schema.String),
    primaryEmail: Schema.NullOr(Schema.String),
    profileImageUrl: Schema.NullOr(Schema.String),
    signedUpAt: Millis,
    lastActiveAt: Schema.NullOr(Millis)
  },
  { signedUpAt: "signed_up_at_millis", lastActiveAt: "last_active_at_millis" }
)
export type MetricsRecentUser = typeof MetricsRecentUser.Type

/** A project's dashboard figures: user counts per day, by country and by sign-in method, and the latest users. */
export const ProjectMetrics = wireStruct({
  totalUsers: Schema.Int,
  /** New users per day over the last 31 days, oldest first. */
  dailyUsers: Schema.Array(MetricsDataPoint),
  /** Active users per day over the last 31 days, oldest first. */
  dailyActiveUsers: Schema.Array(MetricsDataPoint),
  /** ISO country code to user count; empty when the server does not locate users. */
  usersByCountry: Schema.Record(Schema.String, Schema.Int),
  /** The newest users, newest first (the hosted service lists up to 100). */
  recentlyRegistered: Schema.Array(MetricsRecentUser),
  /** The most recently active users, most recent first (at most 5). */
  recentlyActive: Schema.Array(MetricsRecentUser),
  loginMethods: Schema.Array(LoginMethodCount)
})
export type ProjectMetrics = typeof ProjectMetrics.Type
