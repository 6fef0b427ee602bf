/** The emailed-code and second-factor auth flows: password reset / update / set, magic link / OTP, MFA. */
import * as mfa from "./auth-mfa.js"
import * as otp from "./auth-otp.js"
import * as passwordReset from "./auth-password-reset.js"

export const routes = [...passwordReset.routes, ...otp.routes, ...mfa.routes]
