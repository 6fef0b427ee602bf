/**
 * Account settings: the person's email addresses (contact channels). Add one, send its verification link,
 * make it primary, remove it.
 */
import * as Effect from "effect/Effect"
import { type FormEvent, type ReactNode, useState } from "react"
import type { ContactChannel } from "../../../domain/contact-channel.js"
import { ContactChannels } from "../../../services/generated/contact-channels.js"
import { useStackQuery } from "../../hooks.js"
import { contactChannelsQuery } from "../../queries.js"
import { Button, ErrorAlert, Field, formValue, Notice, RowAction } from "../ui.js"
import { type HandlerServices, useAction, useHandlerApp } from "../use-action.js"
import { Section } from "./section.js"

function ChannelItem(props: { readonly channel: ContactChannel; readonly onSent: (email: string) => void }): ReactNode {
  const app = useHandlerApp()
  const { channel } = props
  // One action for the three buttons, so one request at a time runs per address.
  const act = useAction((which: "verify" | "primary" | "remove"): Effect.Effect<void, unknown, HandlerServices> => {
    switch (which) {
      case "verify":
        return ContactChannels.use((channels) =>
          channels.sendVerificationEmail(channel.id, { callbackUrl: app.urls.emailVerification })
        )
      case "primary":
        return Effect.asVoid(ContactChannels.use((channels) => channels.update(channel.id, { isPrimary: true })))
      case "remove":
        return ContactChannels.use((channels) => channels.delete(channel.id))
    }
  })
  const run = async (which: "verify" | "primary" | "remove") => {
    const outcome = await act.run(which)
    if (which === "verify" && outcome._tag === "Success") props.onSent(channel.value)
  }
  return (
    <li className="stackfx-list-item">
      <span>
        {channel.value}
        {channel.isPrimary ? <span className="stackfx-badge">Primary</span> : null}
        <span className="stackfx-badge">{channel.isVerified ? "Verified" : "Not verified"}</span>
        {channel.usedForAuth ? <span className="stackfx-badge">Used for sign-in</span> : null}
      </span>
      <span className="stackfx-row">
        {channel.isVerified ? null : (
          <Button
            variant="secondary"
            pending={act.pending}
            aria-label={`Verify ${channel.value}`}
            title="Send a verification link to this address"
            onClick={() => void run("verify")}
          >
            Verify
          </Button>
        )}
        {channel.isPrimary ? null : (
          <Button
            variant="secondary"
            pending={act.pending}
            aria-label={`Make primary: ${channel.value}`}
            onClick={() => void run("primary")}
          >
            Make primary
          </Button>
        )}
        <RowAction verb="Remove" what={channel.value} pending={act.pending} onClick={() => void run("remove")} />
      </span>
      <ErrorAlert error={act.error} />
    </li>
  )
}

export function EmailsSection(): ReactNode {
  const channels = useStackQuery(contactChannelsQuery)
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const add = useAction((value: string) =>
    ContactChannels.use((contactChannels) => contactChannels.create({ value, usedForAuth: false }))
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await add.run(formValue(form, "email").trim())
    if (outcome._tag === "Success") form.reset()
  }
  return (
    <Section title="Emails">
      {channels.length === 0 ? (
        <p className="stackfx-subtitle">No email addresses yet.</p>
      ) : (
        <ul className="stackfx-list" aria-label="Email addresses">
          {channels.map((channel) => (
            <ChannelItem key={channel.id} channel={channel} onSent={setSentTo} />
          ))}
        </ul>
      )}
      {sentTo === undefined ? null : <Notice kind="success">We sent a verification link to {sentTo}.</Notice>}
      <form className="stackfx-stack" onSubmit={onSubmit}>
        <Field label="New email address" name="email" type="email" autoComplete="email" required />
        <div className="stackfx-row">
          <Button type="submit" pending={add.pending}>
            Add email
          </Button>
        </div>
        <ErrorAlert error={add.error} />
      </form>
    </Section>
  )
}
