import type { BaseTranslation } from '../../i18n-types';
// Texts of the e-mails the server sends (server/mail). The server escapes them for HTML.
const en_emails = {
  greeting: 'Hello {username:string},',
  linkHint: 'If the button does not work, copy this address into your browser:',
  footer: 'This e-mail was sent by {appName:string} about your operator account. Replies are not read.',
  passwordReset: {
    subject: 'Reset your {appName:string} password',
    heading: 'Reset your password',
    body: 'We received a request to reset the password of your {appName:string} account. Choose a new password with the button below. The link will expire in 1 hour and works only once.',
    action: 'Reset Password',
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
  passwordChanged: {
    subject: 'Your {appName:string} password was changed',
    heading: 'Your password was changed',
    body: 'The password of your {appName:string} account was changed, and every device that was signed in to it has been signed out.',
    notYou: 'If you did not do this, request a new password reset straight away:',
    action: 'Reset Password',
  },
  loginThrottled: {
    subject: 'Wrong passwords for your {appName:string} account',
    heading: 'Someone keeps entering a wrong password',
    body: 'Someone entered a wrong password for your {appName:string} account {times:number} times in a row. To protect it, each further sign-in attempt now has to wait a few minutes.',
    ifYou: 'If it was you, wait a few minutes and try again, or choose a new password:',
    notYou: 'If it was not you, your password has not been given away, but consider choosing a longer one.',
    action: 'Reset Password',
  },
  // The clinic's name is whatever its owner typed: never in the subject, and quoted as their words.
  invitation: {
    subject: 'An invitation to a clinic team on {appName:string}',
    heading: 'You are invited to a clinic team',
    body: 'Someone at a clinic that uses {appName:string} invited you to join its team. They describe the clinic as: “{clinic:string}”',
    notOurs: 'These are their words, not ours: {appName:string} has not checked them.',
    invitedBy: '{inviter:string}, a member of that team, invited you to join it as {role:string}.',
    howToJoin: 'To join, choose a username and password, or sign in with the account you already have. The link will expire in 72 hours and works only once.',
    action: 'Accept Invitation',
    ignore: 'If you do not know this clinic or did not expect this, ignore this e-mail: nothing happens unless you open the link.',
  },
  emailVerification: {
    subject: 'Confirm your e-mail address for {appName:string}',
    heading: 'Confirm your e-mail address',
    body: 'Please confirm that this address is yours. Until you do, your clinic cannot invite anyone to its team or register a webhook. The link will expire in 7 days.',
    action: 'Confirm E-mail Address',
    ignore: 'If you did not create an account on {appName:string}, ignore this e-mail: nothing changes unless you open the link and press its button.',
  },
  // Issue 30: says only that a client's measure needs attention, never who, which score or which answer.
  measureAlert: {
    subject: 'A client’s questionnaire needs attention',
    heading: 'A client’s questionnaire needs attention',
    body: 'A client’s answers to a repeat questionnaire at {appName:string} need attention. Sign in to see which client it is, and acknowledge it once someone has looked.',
    escalatedSubject: 'Still not acknowledged: a client’s questionnaire needs attention',
    escalatedHeading: 'Still not acknowledged after 24 hours',
    escalatedBody: 'A client’s answers to a repeat questionnaire at {appName:string} needed attention 24 hours ago, and nobody has acknowledged it yet. Sign in to see which client it is, and acknowledge it once someone has looked.',
    action: 'Open Today',
    footer: 'This e-mail was sent by {appName:string} to the clinic’s psychologists, owner and admins. Replies are not read.',
  },
} satisfies BaseTranslation;

export default en_emails;
