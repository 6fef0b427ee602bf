/**
 * Issue 36: `projects.onboarding_state`, what the hosted dashboard's onboarding chose so far (either of the
 * service's two shapes, as its wire JSON); `null` when nothing was chosen.
 */
export const name = "0018-project-onboarding-state"

export const sql = `
alter table projects add column onboarding_state jsonb;
`
