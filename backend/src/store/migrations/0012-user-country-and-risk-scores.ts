/**
 * Users' sign-up facts, as the hosted service keeps them (issue 28): the country a user signed up from
 * (`country_code`, ISO 3166 alpha-2, or null) and the sign-up risk scores (`risk_scores.sign_up.bot` and
 * `.free_trial_abuse`, 0 to 100). Existing users get no country and zero scores, what the service's open-source
 * risk engine gives everyone.
 */
export const name = "0012-user-country-and-risk-scores"

export const sql = `
alter table users add column country_code text;
alter table users add column risk_score_bot integer not null default 0;
alter table users add column risk_score_free_trial_abuse integer not null default 0;
`
