import { describe, expect, it } from 'vitest';
import { clinicContactPoints, crisisAnswerPossible, crisisResource, MALAYSIAN_CRISIS_RESOURCES, LISTENING_LINE, isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis';

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

/** What a phone dials for a number as Malaysians write it: a leading 0 is the +60 trunk prefix. */
function dialled(display: string): string {
  const digits = display.replace(/\D/g, '');
  return digits.startsWith('0') ? `+60${digits.slice(1)}` : digits;
}

describe('crisis resources', () => {
  it('starts with the emergency number and holds each line once', () => {
    const ids = MALAYSIAN_CRISIS_RESOURCES.map((resource) => resource.id);
    expect(ids[0]).toBe('emergency');
    expect(MALAYSIAN_CRISIS_RESOURCES[0]!.phone.display).toBe('999');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['talianHeal', 'talianKasih', 'befrienders']));
  });

  it('links every number to what it shows, so a tap dials the number the visitor reads', () => {
    for (const resource of MALAYSIAN_CRISIS_RESOURCES) {
      for (const phone of [resource.phone, resource.alternativePhone].filter((given) => given !== undefined)) {
        expect(phone.href).toBe(`tel:${dialled(phone.display)}`);
      }
      if (resource.whatsApp) {
        expect(resource.whatsApp.href).toBe(`https://wa.me/${dialled(resource.whatsApp.display).slice(1)}`);
      }
    }
  });

  it('finds a line by its id', () => {
    for (const resource of MALAYSIAN_CRISIS_RESOURCES) expect(crisisResource(resource.id)).toBe(resource);
  });

  it('lists only Malaysian lines: the plan’s UK-style listening line is Befrienders Kuala Lumpur, not Samaritans UK', () => {
    expect(LISTENING_LINE.id).toBe('befrienders');
    expect(MALAYSIAN_CRISIS_RESOURCES).toContain(LISTENING_LINE);
    expect(MALAYSIAN_CRISIS_RESOURCES.map((resource) => resource.phone.display)).not.toContain('116 123');
  });
});

describe('clinicContactPoints', () => {
  it('shows the numbers as the clinic wrote them and dials them in international form', () => {
    const points = clinicContactPoints({ name: 'Klinik Setia', phone: '(03) 2345 6789', whatsApp: '+60 12-345 6789' });
    expect(points.phone).toEqual({ display: '(03) 2345 6789', href: 'tel:+60323456789' });
    // wa.me wants the digits alone: no '+', no spaces, no dashes.
    expect(points.whatsApp).toEqual({ display: '+60 12-345 6789', href: 'https://wa.me/60123456789' });
  });

  it('gives only the links of the numbers the clinic gave', () => {
    expect(clinicContactPoints({ name: 'Klinik Setia', phone: null, whatsApp: '012-345 6789' })).toEqual({
      whatsApp: { display: '012-345 6789', href: 'https://wa.me/60123456789' },
    });
    expect(clinicContactPoints({ name: 'Klinik Setia', phone: '60323456789', whatsApp: null })).toEqual({
      phone: { display: '60323456789', href: 'tel:+60323456789' },
    });
  });
});

describe('crisisAnswerPossible', () => {
  it('needs a depression score of 4 for DASS-21 item 21 at 2 or more', () => {
    expect(crisisAnswerPossible({ testType: 'DASS-21', results: { depression: { score: 2 } } })).toBe(false);
    expect(crisisAnswerPossible({ testType: 'DASS-21', results: { depression: { score: 4 } } })).toBe(true);
  });

  it('needs a PHQ-9 score of 1 for item 9 above 0', () => {
    expect(crisisAnswerPossible({ testType: 'Combined', results: { phq9: { score: 0 } } })).toBe(false);
    expect(crisisAnswerPossible({ testType: 'Combined', results: { phq9: { score: 1 } } })).toBe(true);
  });
});
