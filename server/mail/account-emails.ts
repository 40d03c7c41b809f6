import type { Role } from '../../domain/roles';
import type { Locales } from '../../i18n/i18n-types';
import { type RenderedEmail, renderEmail } from './render-email';

export function passwordResetEmail(locale: Locales, to: { username: string; resetUrl: string }): RenderedEmail {
  return renderEmail(locale, (LL, appName) => ({
    subject: LL.emails.passwordReset.subject({ appName }),
    heading: LL.emails.passwordReset.heading(),
    intro: [LL.emails.greeting({ username: to.username }), LL.emails.passwordReset.body({ appName })],
    action: { label: LL.emails.passwordReset.action(), url: to.resetUrl },
    outro: [LL.emails.passwordReset.ignore()],
  }));
}

export function passwordChangedEmail(
  locale: Locales,
  to: { username: string; forgotPasswordUrl: string },
): RenderedEmail {
  return renderEmail(locale, (LL, appName) => ({
    subject: LL.emails.passwordChanged.subject({ appName }),
    heading: LL.emails.passwordChanged.heading(),
    intro: [
      LL.emails.greeting({ username: to.username }),
      LL.emails.passwordChanged.body({ appName }),
      LL.emails.passwordChanged.notYou(),
    ],
    action: { label: LL.emails.passwordChanged.action(), url: to.forgotPasswordUrl },
  }));
}

/** To the owner when wrong passwords for their account reach the limit: no address, no password. */
export function loginThrottledEmail(
  locale: Locales,
  to: { username: string; wrongPasswords: number; forgotPasswordUrl: string },
): RenderedEmail {
  return renderEmail(locale, (LL, appName) => ({
    subject: LL.emails.loginThrottled.subject({ appName }),
    heading: LL.emails.loginThrottled.heading(),
    intro: [
      LL.emails.greeting({ username: to.username }),
      LL.emails.loginThrottled.body({ appName, times: to.wrongPasswords }),
      LL.emails.loginThrottled.ifYou(),
    ],
    action: { label: LL.emails.loginThrottled.action(), url: to.forgotPasswordUrl },
    outro: [LL.emails.loginThrottled.notYou()],
  }));
}

/**
 * To someone a clinic's owner invited: an address outside the clinic, typed by someone we know
 * nothing of. The subject holds no text of theirs; the body quotes the clinic's name as their
 * words, never ours (docs/decisions/0039). It says who sent it (the inviter's username, a name
 * the account-name rules already vet) and the role offered, so the invitee knows what they join.
 */
export function invitationEmail(locale: Locales, to: { clinic: string; acceptUrl: string; role: Role; inviter: string }): RenderedEmail {
  return renderEmail(locale, (LL, appName) => ({
    subject: LL.emails.invitation.subject({ appName }),
    heading: LL.emails.invitation.heading(),
    intro: [
      LL.emails.invitation.body({ appName, clinic: to.clinic }),
      LL.emails.invitation.notOurs({ appName }),
      LL.emails.invitation.invitedBy({ inviter: to.inviter, role: LL.team.roles[to.role]() }),
      LL.emails.invitation.howToJoin(),
    ],
    action: { label: LL.emails.invitation.action(), url: to.acceptUrl },
    outro: [LL.emails.invitation.ignore()],
  }));
}

/** To a clinic's owner: the link that proves the address is theirs. */
export function emailVerificationEmail(locale: Locales, to: { username: string; verifyUrl: string }): RenderedEmail {
  return renderEmail(locale, (LL, appName) => ({
    subject: LL.emails.emailVerification.subject({ appName }),
    heading: LL.emails.emailVerification.heading(),
    intro: [LL.emails.greeting({ username: to.username }), LL.emails.emailVerification.body()],
    action: { label: LL.emails.emailVerification.action(), url: to.verifyUrl },
    outro: [LL.emails.emailVerification.ignore({ appName })],
  }));
}
