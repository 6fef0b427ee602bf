/** Account settings: the display name. */
import { type FormEvent, type ReactNode, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { CurrentUser } from "../../../services/generated/current-user.js"
import { Button, ErrorAlert, Field, formValue, Notice } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

export function ProfileSection(props: { readonly user: ClientUser }): ReactNode {
  const [saved, setSaved] = useState(false)
  const save = useAction((displayName: string) =>
    CurrentUser.use((currentUser) => currentUser.update({ displayName: displayName === "" ? null : displayName }))
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaved(false)
    const outcome = await save.run(formValue(event.currentTarget, "displayName").trim())
    setSaved(outcome._tag === "Success")
  }
  return (
    <Section title="Profile">
      <form className="stackfx-stack" onSubmit={onSubmit}>
        <Field
          label="Display name"
          name="displayName"
          autoComplete="name"
          defaultValue={props.user.displayName ?? ""}
          onChange={() => setSaved(false)}
        />
        <div className="stackfx-row">
          <Button type="submit" pending={save.pending}>
            Save name
          </Button>
        </div>
        {saved ? <Notice kind="success">Saved.</Notice> : null}
        <ErrorAlert error={save.error} />
      </form>
    </Section>
  )
}
