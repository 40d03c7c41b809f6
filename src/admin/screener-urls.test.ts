import { describe, expect, it } from 'vitest';
import { screenerUrlsOf } from './screener-urls';

const ORIGIN = 'https://minda.example.com';
const ID = '3f1c2a9e-8d4b-4c6f-9a1e-2b7d5e0c4f81';

describe('the screener URLs of the admin page', () => {
  it('uses the company slug, and shows the Malay URL only when Malay is enabled', () => {
    expect(screenerUrlsOf({ id: ID, companySlug: 'klinik-minda', enableMalayTranslation: true }, ORIGIN)).toMatchObject({
      english: 'https://minda.example.com/screener/klinik-minda',
      malay: 'https://minda.example.com/ms/screener/klinik-minda',
    });
    expect(screenerUrlsOf({ id: ID, companySlug: 'klinik-minda', enableMalayTranslation: false }, ORIGIN)?.malay).toBeNull();
  });

  it('falls back to the configuration id without a company name', () => {
    expect(screenerUrlsOf({ id: ID, companySlug: null, enableMalayTranslation: false }, ORIGIN)).toMatchObject({
      english: `${ORIGIN}/screener/${ID}`,
      malay: null,
    });
  });

  it('gives no URL before the first save, when the id is the sample screener’s', () => {
    expect(screenerUrlsOf({ id: 'default', companySlug: null, enableMalayTranslation: true }, ORIGIN)).toBeNull();
  });
});

describe('the embed tags of the admin page', () => {
  it('gives the inline and the pop-up tag in each enabled language', () => {
    expect(screenerUrlsOf({ id: ID, companySlug: 'klinik-minda', enableMalayTranslation: true }, ORIGIN)?.embed).toEqual({
      inline: {
        english: '<script src="https://minda.example.com/embed.js" data-screener="klinik-minda" async></script>',
        malay: '<script src="https://minda.example.com/embed.js" data-screener="klinik-minda" data-lang="ms" async></script>',
      },
      popup: {
        english: '<script src="https://minda.example.com/embed.js" data-screener="klinik-minda" data-mode="popup" async></script>',
        malay: '<script src="https://minda.example.com/embed.js" data-screener="klinik-minda" data-lang="ms" data-mode="popup" async></script>',
      },
    });
  });

  it('names the screener by its id without a company name, and leaves Malay out when it is off', () => {
    const embed = screenerUrlsOf({ id: ID, companySlug: null, enableMalayTranslation: false }, ORIGIN)?.embed;
    expect(embed?.popup.english).toContain(`data-screener="${ID}"`);
    expect(embed?.inline.malay).toBeNull();
    expect(embed?.popup.malay).toBeNull();
  });
});
