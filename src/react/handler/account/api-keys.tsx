/**
 * Account settings: API keys, the person's own (`ApiKeysSection`) and a team's (`TeamApiKeysPanel`, in the
 * teams section for members holding `$manage_api_keys`). Create one with a description and an expiry, see
 * its value once (with a copy button), list them by their last four characters, revoke one.
 *
 * The full value lives only in this component's state, from the create's answer until the person dismisses
 * it or leaves the page: the service never shows it again, and neither does this page.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import type { UserTeamApiKeyInput } from "../../../domain/user-team-api-key.js"
import type { ApiKeyValidity } from "../../../domain/rules/api-key-validity.js"
import { TeamApiKeys, UserApiKeys } from "../../../services/generated/user-and-team-keys.js"
import { useTeamApiKeys, useUserApiKeys } from "../../hooks.js"
import { Button, ErrorAlert, Field, formValue, Notice, RowAction } from "../ui.js"
import { type HandlerServices, useAction } from "../use-action.js"
import { Section } from "./section.js"

const DAY = 86_400_000

/** The expiries offered, in days; 0 is "never". */
const EXPIRIES: ReadonlyArray<{ readonly days: number; readonly label: string }> = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
  { days: 0, label: "Never" }
]

/** What the list shows of a key, whichever its owner. */
interface ListedKey {
  readonly id: string
  readonly description: string
  readonly value: { readonly lastFour: string }
  readonly expiresAt: Date | null
  readonly validity: ApiKeyValidity
}

/** How the keys of one owner are read and written; the user's and a team's differ only here. */
interface KeyOwner {
  readonly name: string
  readonly keys: ReadonlyArray<ListedKey>
  readonly create: (input: UserTeamApiKeyInput) => Effect.Effect<{ readonly value: string }, unknown, HandlerServices>
  readonly revoke: (id: string) => Effect.Effect<unknown, unknown, HandlerServices>
}

const status = (validity: ApiKeyValidity): string =>
  validity._tag === "Valid" ? "Active" : validity._tag === "Expired" ? "Expired" : "Revoked"

const day = (date: Date) => date.toISOString().slice(0, 10)

function KeyItem(props: { readonly owner: KeyOwner; readonly apiKey: ListedKey }): ReactNode {
  const { apiKey } = props
  const revoke = useAction(() => props.owner.revoke(apiKey.id))
  const label = apiKey.description === "" ? `key ending ${apiKey.value.lastFour}` : apiKey.description
  return (
    <li className="stackfx-list-item">
      <span>
        {apiKey.description === "" ? <em>No description</em> : apiKey.description}
        <span className="stackfx-badge">…{apiKey.value.lastFour}</span>
        <span className="stackfx-badge">{status(apiKey.validity)}</span>
        <span className="stackfx-badge">
          {apiKey.expiresAt === null ? "Never expires" : `Expires ${day(apiKey.expiresAt)}`}
        </span>
      </span>
      {apiKey.validity._tag === "Valid" ? (
        <RowAction verb="Revoke" what={label} pending={revoke.pending} onClick={() => void revoke.run()} />
      ) : null}
      <ErrorAlert error={revoke.error} />
    </li>
  )
}

/** The new key's value, shown once, with a copy button. */
function NewKey(props: { readonly value: string; readonly onDone: () => void }): ReactNode {
  const id = useId()
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle")
  const copy = () => {
    // The clipboard needs a secure context and permission; when it refuses, the key stays selectable.
    void navigator.clipboard?.writeText(props.value).then(
      () => setCopied("copied"),
      () => setCopied("failed")
    )
  }
  return (
    <div className="stackfx-stack" role="group" aria-labelledby={id}>
      <Notice kind="success">
        <span id={id}>Your new API key. Copy it now: it will not be shown again.</span>
      </Notice>
      <code className="stackfx-code" data-testid="new-api-key">
        {props.value}
      </code>
      <div className="stackfx-row">
        <Button variant="secondary" onClick={copy}>
          {copied === "copied" ? "Copied" : "Copy key"}
        </Button>
        <Button variant="secondary" onClick={props.onDone}>
          Done
        </Button>
      </div>
      {copied === "failed" ? (
        <Notice kind="info">Copying was not allowed; select the key and copy it by hand.</Notice>
      ) : null}
    </div>
  )
}

function KeysPanel(props: { readonly owner: KeyOwner }): ReactNode {
  const { owner } = props
  const [shown, setShown] = useState<string | undefined>(undefined)
  // The expiry is counted from the Clock when the key is made, not when the form was rendered.
  const create = useAction((description: string, days: number) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      owner.create({ description, expiresAt: days === 0 ? null : new Date(now + days * DAY) })
    )
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await create.run(formValue(form, "description").trim(), Number(formValue(form, "expiresInDays")))
    if (outcome._tag === "Success") {
      setShown(outcome.value.value)
      form.reset()
    }
  }
  const expiryId = useId()
  return (
    <>
      {owner.keys.length === 0 ? (
        <p className="stackfx-subtitle">No API keys yet.</p>
      ) : (
        <ul className="stackfx-list" aria-label={`${owner.name} API keys`}>
          {owner.keys.map((apiKey) => (
            <KeyItem key={apiKey.id} owner={owner} apiKey={apiKey} />
          ))}
        </ul>
      )}
      {shown === undefined ? null : <NewKey value={shown} onDone={() => setShown(undefined)} />}
      <form className="stackfx-stack" onSubmit={onSubmit} aria-label={`New ${owner.name} API key`}>
        <Field label="Description" name="description" required />
        <div className="stackfx-field">
          <label htmlFor={expiryId}>Expires in</label>
          <select id={expiryId} name="expiresInDays" defaultValue="90">
            {EXPIRIES.map((option) => (
              <option key={option.days} value={option.days}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="stackfx-row">
          <Button type="submit" pending={create.pending}>
            Create API key
          </Button>
        </div>
        <ErrorAlert error={create.error} />
      </form>
    </>
  )
}

/** The person's own keys (rendered when the project allows user API keys). */
export function ApiKeysSection(): ReactNode {
  const keys = useUserApiKeys()
  const owner: KeyOwner = {
    name: "Your",
    keys,
    create: (input) => UserApiKeys.use((k) => k.create(input)),
    revoke: (id) => UserApiKeys.use((k) => k.revoke(id))
  }
  return (
    <Section title="API keys" description="Keys that act as you in apps that accept them.">
      <KeysPanel owner={owner} />
    </Section>
  )
}

/** A team's keys, for a member holding `$manage_api_keys` (the caller checks). */
export function TeamApiKeysPanel(props: { readonly teamId: string; readonly teamName: string }): ReactNode {
  const keys = useTeamApiKeys(props.teamId)
  const owner: KeyOwner = {
    name: props.teamName,
    keys,
    create: (input) => TeamApiKeys.use((k) => k.create(props.teamId, input)),
    revoke: (id) => TeamApiKeys.use((k) => k.revoke(props.teamId, id))
  }
  return <KeysPanel owner={owner} />
}
