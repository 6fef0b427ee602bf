/**
 * Account settings: where the person is signed in. Each session with its device's location (when the
 * service located its address), when it was last used and when it started; any but this browser's can be
 * revoked, which signs that device out the next time it refreshes its access token (the hosted service
 * honours an access token already handed out until it expires).
 */
import * as Effect from "effect/Effect"
import type { ReactNode } from "react"
import type { SessionInfo } from "../../../domain/session.js"
import { ActiveSessions } from "../../../services/generated/active-sessions.js"
import { useActiveSessions } from "../../hooks.js"
import { Button, ErrorAlert, RowAction } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

const when = (date: Date): string => date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })

/** "Berlin, DE (203.0.113.7)", or just the address, or nothing when the service sent no location. */
const placeOf = (session: SessionInfo): string | undefined => {
  const info = session.lastUsedAtEndUserIpInfo
  if (info === undefined) return undefined
  const place = [info.cityName, info.regionCode, info.countryCode].filter(
    (part): part is string => typeof part === "string" && part !== ""
  )
  return place.length === 0 ? info.ip : `${place.join(", ")} (${info.ip})`
}

function SessionItem(props: { readonly session: SessionInfo }): ReactNode {
  const { session } = props
  const revoke = useAction(() => ActiveSessions.use((sessions) => sessions.revoke(session.id)))
  const place = placeOf(session)
  const label = `Session started ${when(session.createdAt)}`
  return (
    <li className="stackfx-list-item" aria-label={label}>
      <span>
        {place ?? "Unknown location"}
        {session.isCurrentSession ? <span className="stackfx-badge">Current session</span> : null}
        <br />
        <span className="stackfx-subtitle">
          {session.lastUsedAt === undefined ? null : <>Last used {when(session.lastUsedAt)} · </>}
          Signed in {when(session.createdAt)}
        </span>
      </span>
      {session.isCurrentSession ? null : (
        <span className="stackfx-row">
          <RowAction verb="Revoke" what={label} pending={revoke.pending} onClick={() => void revoke.run()} />
        </span>
      )}
      <ErrorAlert error={revoke.error} />
    </li>
  )
}

export function SessionsSection(): ReactNode {
  const sessions = useActiveSessions()
  const others = sessions.filter((session) => !session.isCurrentSession)
  // One after the other: each revoke announces the sessions key, and the list reloads once they are done.
  const revokeOthers = useAction(() =>
    ActiveSessions.use((service) => Effect.forEach(others, (session) => service.revoke(session.id), { discard: true }))
  )
  return (
    <Section
      title="Active sessions"
      description="The browsers and devices signed in to your account. Revoke one to sign it out."
    >
      <ul className="stackfx-list" aria-label="Active sessions">
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {others.length < 2 ? null : (
        <div className="stackfx-row">
          <Button variant="danger" pending={revokeOthers.pending} onClick={() => void revokeOthers.run()}>
            Revoke all other sessions
          </Button>
        </div>
      )}
      <ErrorAlert error={revokeOthers.error} />
    </Section>
  )
}
