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
  invitation: {
    subject: 'You are invited to join {clinic:string} on {appName:string}',
    heading: 'Join {clinic:string}',
    body: '{clinic:string} invites you to its team on {appName:string}. Choose a username and password, or sign in with the account you already have. The link will expire in 72 hours and works only once.',
    action: 'Accept Invitation',
    ignore: 'If you did not expect this, you can ignore this e-mail.',
  },
} satisfies BaseTranslation;

export default en_emails;
