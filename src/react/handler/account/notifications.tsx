/**
 * Account settings: which e-mail the person receives. One switch per notification category; a category
 * the project cannot let them turn off (transactional mail: sign-in codes, verification) is shown as on
 * and cannot be changed, since the service sends it regardless.
 */
import type { ReactNode } from "react"
import type { NotificationPreference } from "../../../domain/notification-preference.js"
import { NotificationPreferences } from "../../../services/generated/notification-preferences.js"
import { useNotificationPreferences } from "../../hooks.js"
import { Checkbox, ErrorAlert } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

function PreferenceItem(props: { readonly preference: NotificationPreference }): ReactNode {
  const { preference } = props
  const set = useAction((enabled: boolean) =>
    NotificationPreferences.use((preferences) => preferences.set(preference.notificationCategoryId, enabled))
  )
  return (
    <li className="stackfx-list-item">
      <Checkbox
        label={`${preference.notificationCategoryName} e-mails`}
        checked={preference.enabled}
        disabled={!preference.canDisable || set.pending}
        onChange={(event) => void set.run(event.currentTarget.checked)}
      />
      <ErrorAlert error={set.error} />
    </li>
  )
}

export function NotificationsSection(): ReactNode {
  const preferences = useNotificationPreferences()
  return (
    <Section title="E-mail notifications" description="Choose which e-mails you receive.">
      <ul className="stackfx-list" aria-label="E-mail notifications">
        {preferences.map((preference) => (
          <PreferenceItem key={preference.notificationCategoryId} preference={preference} />
        ))}
      </ul>
    </Section>
  )
}
