import { describe, expect, it } from 'vitest';
import { crisisResource, MALAYSIAN_CRISIS_RESOURCES, UK_HELPLINE, isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis';

describe('isDass21CrisisAnswer', () => {
  it('flags item 21 answered 2 or more', () => {
    expect(isDass21CrisisAnswer(21, 1)).toBe(false);
    expect(isDass21CrisisAnswer(21, 2)).toBe(true);
    expect(isDass21CrisisAnswer(21, 3)).toBe(true);
  });

  it('ignores every other item', () => {
    expect(isDass21CrisisAnswer(20, 3)).toBe(false);
  });
});

describe('isCombinedCrisisAnswer', () => {
  it('flags item 11 answered above 0', () => {
    expect(isCombinedCrisisAnswer(11, 0)).toBe(false);
    expect(isCombinedCrisisAnswer(11, 1)).toBe(true);
  });

  it('ignores every other item', () => {
    expect(isCombinedCrisisAnswer(10, 3)).toBe(false);
  });
});

describe('crisis resources', () => {
  it('lists the Malaysian lines with dialable links', () => {
    expect(MALAYSIAN_CRISIS_RESOURCES).toEqual([
      {
        id: 'emergency',
        phone: { display: '999', href: 'tel:999' },
        alternativePhone: { display: '112', href: 'tel:112' },
      },
      { id: 'talianHeal', phone: { display: '15555', href: 'tel:15555' } },
      {
        id: 'talianKasih',
        phone: { display: '15999', href: 'tel:15999' },
        whatsApp: { display: '019-261 5999', href: 'https://wa.me/60192615999' },
      },
      { id: 'befrienders', phone: { display: '03-7627 2929', href: 'tel:+60376272929' } },
    ]);
  });

  it('offers Samaritans as the UK helpline', () => {
    expect(UK_HELPLINE.phone).toEqual({ display: '116 123', href: 'tel:116123' });
  });

  it('finds a line by its id, the UK helpline included', () => {
    expect(crisisResource('befrienders').phone.display).toBe('03-7627 2929');
    expect(crisisResource('samaritans')).toBe(UK_HELPLINE);
  });
});
