/** Project metrics (`GET /internal/metrics`, admin tier), in the hosted service's shape. */
import * as Schema from "effect/Schema"
import { JsonValue } from "./wire.js"
import { ServerTeam } from "./team.js"
import { RestrictedReason, SignUpRiskScores, UserExternalAuthProvider, UserOAuthProvider } from "./user.js"
import { Millis, optionalWireKey, wireStruct } from "./wire.js"

/** The query of `GET /internal/metrics`: anonymous users are counted only with `include_anonymous=true`. @internal */
export const MetricsQuery = Schema.Struct({ include_anonymous: Schema.optionalKey(Schema.Literals(["true", "false"])) })

/** One day of a chart: `date` is `YYYY-MM-DD` (UTC), `activity` a count. */
export const MetricsDataPoint = Schema.Struct({ date: Schema.String, activity: Schema.Int })
export type MetricsDataPoint = typeof MetricsDataPoint.Type

/** How many sign-in methods of one kind (`password`, `passkey`, `otp` or an OAuth provider id) exist. */
export const LoginMethodCount = Schema.Struct({ method: Schema.String, count: Schema.Int })
export type LoginMethodCount = typeof LoginMethodCount.Type

/**
 * A user in the metrics' recent lists. The hosted service sends whole server users (its handlers pass its
 * user objects through) but its schema guarantees only the first six fields, so the rest of the server
 * user is read when present and kept: an answer with only the six still decodes, and an encoded user keeps
 * every field it had.
 */
export const MetricsRecentUser = wireStruct(
  {
    id: Schema.String,
    displayName: Schema.NullOr(Schema.String),
    primaryEmail: Schema.NullOr(Schema.String),
    profileImageUrl: Schema.NullOr(Schema.String),
    signedUpAt: Millis,
    lastActiveAt: Schema.NullOr(Millis),
    // The rest of the server user (domain/user.ts), each when sent.
    primaryEmailVerified: optionalWireKey(Schema.Boolean),
    primaryEmailAuthEnabled: optionalWireKey(Schema.Boolean),
    selectedTeamId: optionalWireKey(Schema.NullOr(Schema.String)),
    selectedTeam: optionalWireKey(Schema.NullOr(ServerTeam)),
    hasPassword: optionalWireKey(Schema.Boolean),
    otpAuthEnabled: optionalWireKey(Schema.Boolean),
    passkeyAuthEnabled: optionalWireKey(Schema.Boolean),
    clientMetadata: optionalWireKey(JsonValue),
    clientReadOnlyMetadata: optionalWireKey(JsonValue),
    serverMetadata: optionalWireKey(JsonValue),
    oauthProviders: optionalWireKey(Schema.Array(UserOAuthProvider)),
    externalAuthProviders: optionalWireKey(Schema.Array(UserExternalAuthProvider)),
    emailAuthEnabled: optionalWireKey(Schema.Boolean),
    isMultiFactorRequired: optionalWireKey(Schema.Boolean),
    isAnonymous: optionalWireKey(Schema.Boolean),
    isRestricted: optionalWireKey(Schema.Boolean),
    restrictedReason: optionalWireKey(Schema.NullOr(RestrictedReason)),
    restrictedByAdmin: optionalWireKey(Schema.Boolean),
    restrictedByAdminReason: optionalWireKey(Schema.NullOr(Schema.String)),
    restrictedByAdminPrivateDetails: optionalWireKey(Schema.NullOr(Schema.String)),
    countryCode: optionalWireKey(Schema.NullOr(Schema.String)),
    riskScores: optionalWireKey(SignUpRiskScores)
  },
  {
    signedUpAt: "signed_up_at_millis",
    lastActiveAt: "last_active_at_millis",
    emailAuthEnabled: "auth_with_email",
    isMultiFactorRequired: "requires_totp_mfa"
  }
)
export type MetricsRecentUser = typeof MetricsRecentUser.Type

/** Points of one chart split by who the active users or teams were (new, retained or reactivated that day). */
export const MetricsActivitySplit = Schema.Struct({
  total: Schema.Array(MetricsDataPoint),
  new: Schema.Array(MetricsDataPoint),
  retained: Schema.Array(MetricsDataPoint),
  reactivated: Schema.Array(MetricsDataPoint)
})
export type MetricsActivitySplit = typeof MetricsActivitySplit.Type

/** The users and teams of the project: verified, unverified and anonymous users, teams, monthly actives. */
export const MetricsAuthOverview = wireStruct({
  verifiedUsers: Schema.Int,
  unverifiedUsers: Schema.Int,
  anonymousUsers: Schema.Int,
  totalTeams: Schema.Int,
  /** Users active in the last 30 days. */
  mau: Schema.Int,
  dailyActiveUsersSplit: MetricsActivitySplit,
  dailyActiveTeamsSplit: MetricsActivitySplit,
  /** The users counted by `totalUsers` (anonymous ones only when asked for). */
  totalUsersFiltered: Schema.Int
})
export type MetricsAuthOverview = typeof MetricsAuthOverview.Type

/** One e-mail of the overview's recent list. */
export const MetricsRecentEmail = wireStruct(
  { id: Schema.String, status: Schema.String, subject: Schema.String, createdAt: Millis },
  { createdAt: "created_at_millis" }
)
export type MetricsRecentEmail = typeof MetricsRecentEmail.Type

/** One day of e-mails by outcome. */
export const MetricsDailyEmailStatus = wireStruct({
  date: Schema.String,
  ok: Schema.Int,
  error: Schema.Int,
  inProgress: Schema.Int
})
export type MetricsDailyEmailStatus = typeof MetricsDailyEmailStatus.Type

/** The e-mails the project sent: by status, per day, the latest ones, and how many were delivered. */
export const MetricsEmailOverview = wireStruct({
  emailsByStatus: Schema.Record(Schema.String, Schema.Finite),
  totalEmails: Schema.Int,
  dailyEmails: Schema.Array(MetricsDataPoint),
  dailyEmailsByStatus: Schema.Array(MetricsDailyEmailStatus),
  emailsSent: Schema.Int,
  recentEmails: Schema.Array(MetricsRecentEmail),
  deliverabilityStatus: wireStruct({
    delivered: Schema.Int,
    bounced: Schema.Int,
    error: Schema.Int,
    inProgress: Schema.Int
  }),
  deliverabilityRate: Schema.Finite,
  bounceRate: Schema.Finite,
  clickRate: Schema.Finite
})
export type MetricsEmailOverview = typeof MetricsEmailOverview.Type

/** Subscriptions, purchases and revenue (the hosted payments product; a project without payments has zeros). */
export const MetricsPaymentsOverview = wireStruct({
  subscriptionsByStatus: Schema.Record(Schema.String, Schema.Finite),
  activeSubscriptionCount: Schema.Int,
  totalOneTimePurchases: Schema.Int,
  dailySubscriptions: Schema.Array(MetricsDataPoint),
  revenueCents: Schema.Int,
  mrrCents: Schema.Int,
  totalOrders: Schema.Int,
  checkoutConversionRate: Schema.Finite
})
export type MetricsPaymentsOverview = typeof MetricsPaymentsOverview.Type

/** Page views, visitors and revenue (the hosted analytics product; a project without analytics has zeros). */
export const MetricsAnalyticsOverview = wireStruct({
  dailyPageViews: Schema.Array(MetricsDataPoint),
  dailyClicks: Schema.Array(MetricsDataPoint),
  dailyVisitors: Schema.Array(MetricsDataPoint),
  dailyRevenue: Schema.Array(wireStruct({ date: Schema.String, newCents: Schema.Int, refundCents: Schema.Int })),
  totalRevenueCents: Schema.Int,
  totalReplays: Schema.Int,
  recentReplays: Schema.Int,
  visitors: Schema.Int,
  avgSessionSeconds: Schema.Finite,
  onlineLive: Schema.Int,
  revenuePerVisitor: Schema.Finite,
  topReferrers: Schema.Array(Schema.Struct({ referrer: Schema.String, visitors: Schema.Int })),
  topRegion: Schema.NullOr(
    wireStruct({
      countryCode: Schema.NullOr(Schema.String),
      regionCode: Schema.NullOr(Schema.String),
      count: Schema.Int
    })
  )
})
export type MetricsAnalyticsOverview = typeof MetricsAnalyticsOverview.Type

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
  loginMethods: Schema.Array(LoginMethodCount),
  /** The overviews the hosted service added in 2026; optional, so answers of older deployments decode. */
  authOverview: optionalWireKey(MetricsAuthOverview),
  emailOverview: optionalWireKey(MetricsEmailOverview),
  paymentsOverview: optionalWireKey(MetricsPaymentsOverview),
  analyticsOverview: optionalWireKey(MetricsAnalyticsOverview)
})
export type ProjectMetrics = typeof ProjectMetrics.Type
