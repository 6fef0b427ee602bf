/**
 * The seven templates every project starts with. Ids and display names are the hosted service's
 * (`DEFAULT_TEMPLATE_IDS`), so a program finds the same template in either; the TSX sources are stackfx's
 * own (MIT) and differ byte for byte from the service's, while declaring the same variables and keeping
 * the hosted subject lines. They use only what `tsx/render.ts` renders, and render unchanged on the service.
 * They import the template helpers from `@hexclave/emails`, the module's name since the service's rename
 * (the service maps its old name, `@stackframe/emails`, to the same module; so does the local backend,
 * which reads no imports).
 */

/**
 * The refusals of a template without a subject or a notification category, in the service's words since its
 * rename (the module's old name is still named as the legacy one).
 */
export const SUBJECT_REQUIRED =
  "Subject is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
export const NOTIFICATION_CATEGORY_REQUIRED =
  "NotificationCategory is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
import { DEFAULT_TEMPLATE_IDS, type DefaultTemplateType } from "@stackfx/lib/domain/email-template.js"

/** A template as a project holds it. `themeId` absent means the project's selected theme. */
export interface TemplateSource {
  readonly displayName: string
  readonly tsxSource: string
  readonly themeId?: string | false | null
}

const header = (variables: string) => `import { type } from "arktype";
import { Button, Heading, Hr, Section, Text } from "@react-email/components";
import { NotificationCategory, Props, Subject } from "@hexclave/emails";

// The values the sender passes; the service checks them against this schema before rendering.
export const variablesSchema = type({
${variables}
});
`

const greeting = `Hi{user.displayName ? ", " + user.displayName : ""}!`

const footer = `        <Hr />
        <Text className="text-xs opacity-60">
          If you were not expecting this email, you can safely ignore it.
        </Text>`

const button = (
  href: string,
  label: string
) => `        <Button href={${href}} className="inline-block rounded px-5 py-3 font-bold">
          ${label}
        </Button>`

const component = (subject: string, body: string) => `
export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <Section>
      <Subject value={${subject}} />
      <NotificationCategory value="Transactional" />
${body}
${footer}
    </Section>
  );
}
`

const preview = (values: string) => `
EmailTemplate.PreviewVariables = {
${values}
} satisfies typeof variablesSchema.infer;
`

const emailVerification =
  header(`  emailVerificationLink: "string",`) +
  component(
    "`Verify your email at ${project.displayName}`",
    `        <Heading as="h3">Verify your email at {project.displayName}</Heading>
        <Text>
          ${greeting} Please click on the following button to verify your email.
        </Text>
${button("variables.emailVerificationLink", "Verify my email")}`
  ) +
  preview(`  emailVerificationLink: "https://example.com/verify",`)

const passwordReset =
  header(`  passwordResetLink: "string",`) +
  component(
    `"Reset your password at " + project.displayName`,
    `        <Heading as="h3">Reset your password at {project.displayName}</Heading>
        <Text>
          ${greeting} Please click on the following button to start the password reset process.
        </Text>
${button("variables.passwordResetLink", "Reset my password")}`
  ) +
  preview(`  passwordResetLink: "https://example.com/reset",`)

const magicLink =
  header(`  magicLink: "string",\n  otp: "string",`) +
  component(
    `"Sign in to " + project.displayName + ": Your code is " + variables.otp`,
    `        <Heading as="h3">Sign in to {project.displayName}</Heading>
        <Text>
          ${greeting} This is your one-time-password for signing in:
        </Text>
        <Text className="text-2xl font-bold tracking-widest">{variables.otp}</Text>
        <Text>
          Or you can click on <a href={variables.magicLink}>this link</a> to sign in
        </Text>`
  ) +
  preview(`  magicLink: "https://example.com/magic-link",\n  otp: "7KQ2ZD",`)

const teamInvitation =
  header(`  teamDisplayName: "string",\n  teamInvitationLink: "string",`) +
  component(
    `"You have been invited to join " + variables.teamDisplayName`,
    `        <Heading as="h3">You are invited to {variables.teamDisplayName}</Heading>
        <Text>
          ${greeting} Please click on the following button to join the team {variables.teamDisplayName}
        </Text>
${button("variables.teamInvitationLink", "Join team")}`
  ) +
  preview(`  teamDisplayName: "Rocket Team",\n  teamInvitationLink: "https://example.com/join",`)

const signInInvitation =
  header(`  signInInvitationLink: "string",\n  teamDisplayName: "string",`) +
  component(
    `"You have been invited to sign in to " + project.displayName`,
    `        <Heading as="h3">You are invited to sign in to {variables.teamDisplayName}</Heading>
        <Text>
          ${greeting} Please click on the following button to sign in to your account.
        </Text>
${button("variables.signInInvitationLink", "Sign in")}`
  ) +
  preview(`  signInInvitationLink: "https://example.com/sign-in",\n  teamDisplayName: "Rocket Team",`)

const paymentReceipt =
  header(`  productName: "string",\n  quantity: "number",\n  amount: "string",\n  receiptLink: "string?",`) +
  component(
    `"Your receipt from " + project.displayName`,
    `        <Heading as="h3">Thank you for your purchase</Heading>
        <Text>
          ${greeting} We received your payment for {variables.productName}.
        </Text>
        <Text className="font-bold">Amount paid: {variables.amount}</Text>
        <Text>Quantity: {variables.quantity}</Text>
        {variables.receiptLink ? (
${button("variables.receiptLink", "See the receipt")}
        ) : null}`
  ) +
  preview(
    `  productName: "Pro plan",\n  quantity: 1,\n  amount: "$10.00",\n  receiptLink: "https://example.com/receipt",`
  )

const paymentFailed =
  header(`  productName: "string",\n  amount: "string",\n  invoiceUrl: "string?",\n  failureReason: "string?",`) +
  component(
    `"Payment failed for " + project.displayName`,
    `        <Heading as="h3">Your payment did not go through</Heading>
        <Text>
          ${greeting} The payment of {variables.amount} for {variables.productName} failed.
        </Text>
        {variables.failureReason ? <Text>Reason: {variables.failureReason}</Text> : null}
        {variables.invoiceUrl ? (
${button("variables.invoiceUrl", "See the invoice")}
        ) : null}`
  ) +
  preview(
    `  productName: "Pro plan",\n  amount: "$10.00",\n  invoiceUrl: "https://example.com/invoice",\n  failureReason: "The card was declined",`
  )

/** The default templates by message type, in the service's order. */
export const defaultTemplates: Readonly<Record<DefaultTemplateType, TemplateSource>> = {
  email_verification: { displayName: "Email Verification", tsxSource: emailVerification },
  password_reset: { displayName: "Password Reset", tsxSource: passwordReset },
  magic_link: { displayName: "Magic Link/OTP", tsxSource: magicLink },
  team_invitation: { displayName: "Team Invitation", tsxSource: teamInvitation },
  sign_in_invitation: { displayName: "Sign In Invitation", tsxSource: signInInvitation },
  payment_receipt: { displayName: "Payment Receipt", tsxSource: paymentReceipt },
  payment_failed: { displayName: "Payment Failed", tsxSource: paymentFailed }
}

/** The default templates as `[id, template]`, in the service's order (the order `GET` lists them in). */
export const defaultTemplateEntries: ReadonlyArray<readonly [string, TemplateSource]> = (
  Object.keys(defaultTemplates) as ReadonlyArray<DefaultTemplateType>
).map((type) => [DEFAULT_TEMPLATE_IDS[type], defaultTemplates[type]])

/**
 * The source a template created with `POST /internal/email-templates` starts with: the service's stock new
 * template (one `count` variable, a greeting), written anew for stackfx.
 */
export const newTemplateSource = `import { type } from "arktype";
import { Container } from "@react-email/components";
import { NotificationCategory, Props, Subject } from "@hexclave/emails";

export const variablesSchema = type({
  count: "number",
});

export function EmailTemplate({ user, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <Container>
      <Subject value={\`Hello \${user.displayName}!\`} />
      <NotificationCategory value="Transactional" />
      <div className="font-bold">Hi {user.displayName}!</div>
      <br />
      The count is {variables.count}.
    </Container>
  );
}

EmailTemplate.PreviewVariables = {
  count: 10,
} satisfies typeof variablesSchema.infer;
`
