import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from './login';
import { ZRegisterRequest } from './register';

const valid = { username: 'Klinik.Minda', email: ' Owner@Klinik.MY ', password: 'secret kept long' };

describe('ZRegisterRequest', () => {
  it('stores usernames and e-mails lower-cased and trimmed', () => {
    expect(ZRegisterRequest.parse(valid)).toEqual({ username: 'klinik.minda', email: 'owner@klinik.my', password: 'secret kept long' });
  });

  it('keeps a long passphrase whole, spaces included, up to 1024 characters', () => {
    const passphrase = ` ${'words and more words '.repeat(50)}`.slice(0, 1024);
    expect(passphrase).toHaveLength(1024);
    expect(ZRegisterRequest.parse({ ...valid, password: passphrase }).password).toBe(passphrase);
    expect(ZRegisterRequest.safeParse({ ...valid, password: `${passphrase}x` }).error?.issues[0]?.message).toBe(
      'Password must be at most 1024 characters',
    );
  });

  it('refuses usernames with spaces or symbols, and outside 3-64 characters', () => {
    const message = (username: string) => ZRegisterRequest.safeParse({ ...valid, username }).error?.issues[0]?.message;
    expect(message('dr aisyah')).toBe('Username may contain only letters, digits, dots, dashes and underscores');
    expect(message('ab')).toBe('Username must be at least 3 characters');
    expect(message('a'.repeat(65))).toBe('Username must be at most 64 characters');
    expect(message('dr_aisyah-2')).toBeUndefined();
  });

  it('normalises before it checks: fullwidth is the name it shows, an accented letter is refused', () => {
    const parsed = ZRegisterRequest.parse({ ...valid, username: 'ＫＬＩＮＩＫ.ｍｉｎｄａ', email: 'ＯＷＮＥＲ@klinik.my' });
    expect(parsed).toMatchObject({ username: 'klinik.minda', email: 'owner@klinik.my' });
    expect(ZRegisterRequest.safeParse({ ...valid, username: 'klinikç' }).error?.issues[0]?.message).toBe(
      'Username may contain only letters, digits, dots, dashes and underscores',
    );
  });
});

describe('ZLoginRequest', () => {
  it('needs both fields and looks the username up lower-cased', () => {
    expect(ZLoginRequest.parse({ username: ' Demo ', password: 'x' }).username).toBe('demo');
    expect(ZLoginRequest.parse({ username: 'ＤＥＭＯ', password: 'x' }).username).toBe('demo');
    expect(ZLoginRequest.parse({ username: 'DEMÓ', password: 'x' }).username).toBe('demó');
    const problems = ZLoginRequest.safeParse({ username: '', password: '' }).error?.issues.map((i) => i.message);
    expect(problems).toEqual(['Username is required', 'Password is required']);
  });
});
