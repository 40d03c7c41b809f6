import { describe, expect, it } from 'vitest';
import { passwordChangedEmail, passwordResetEmail } from './account-emails';

const resetUrl = 'https://minda.test/reset-password?token=abc_DEF-123';

describe('account e-mails', () => {
  it('renders the reset mail as text and HTML, branded, with the link in both', () => {
    const mail = passwordResetEmail('en', { username: 'klinik', resetUrl });
    expect(mail.subject).toBe('Reset your Minda password');
    expect(mail.text).toMatch(/^Minda\n\nReset your password\n\nHello klinik,/);
    expect(mail.text).toContain(`Reset Password: ${resetUrl}`);
    expect(mail.text).toContain('The link will expire in 1 hour');
    expect(mail.html).toContain(`<a href="${resetUrl}"`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('escapes values in the HTML so a username cannot inject markup', () => {
    const mail = passwordResetEmail('en', { username: '<img src=x onerror=alert(1)>', resetUrl: 'https://minda.test/?a=1&b="2"' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://minda.test/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('speaks Malay from the ms dictionary', () => {
    const mail = passwordChangedEmail('ms', { username: 'klinik', forgotPasswordUrl: 'https://minda.test/forgot-password' });
    expect(mail.subject).toBe('Kata laluan Minda anda telah ditukar');
    expect(mail.text).toContain('Hai klinik,');
    expect(mail.html).toContain('<html lang="ms">');
    expect(mail.text).toContain('Tetapkan Semula Kata Laluan: https://minda.test/forgot-password');
  });

  it('tells the operator their password changed and how to act if it was not them', () => {
    const mail = passwordChangedEmail('en', { username: 'klinik', forgotPasswordUrl: 'https://minda.test/forgot-password' });
    expect(mail.subject).toBe('Your Minda password was changed');
    expect(mail.text).toContain('every device that was signed in to it has been signed out');
    expect(mail.text).toContain('If you did not do this');
    expect(mail.html).toContain('href="https://minda.test/forgot-password"');
  });
});
