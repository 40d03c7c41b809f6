import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MEASURE_WHATSAPP_KINDS,
  type MeasureWhatsappKind,
  STAFF_WHATSAPP_KINDS,
  type StaffWhatsappKind,
  templateNameOf,
  WHATSAPP_KINDS,
  type WhatsappKind,
} from '../../domain/whatsapp-messages';
import { staffAlert } from './staff-alert';
import { measureWhatsapp, whatsappNotice } from './whatsapp-notices';

/** The file an operator submits to Meta: what it says must be what the code sends. */
const { templates } = JSON.parse(readFileSync(new URL('../../deploy/whatsapp-templates.json', import.meta.url), 'utf8')) as {
  templates: { name: string; language: string; category: string; components: { type: string; text?: string; buttons?: { type: string; url?: string }[] }[] }[];
};

const clinic = { userId: 'clinic', name: 'Klinik Sejahtera', sender: '100' };
const appointmentIn = (language: 'en' | 'ms') => ({
  id: 'appointment',
  startUtc: new Date('2026-12-01T07:00:00Z'),
  client: { language, timezone: 'Asia/Kuala_Lumpur', phone: '+60123456789' },
}) as Parameters<typeof whatsappNotice>[1];

/** Words that would tell a lock screen what the appointment is for (issue 29), in English and Malay, or what a questionnaire asks (issue 30). */
const TELLING = /mental|psych|psikolog|screen|saring|result|keputusan|therap|terapi|counsel|kaunsel|depress|anxi|kebimbangan|stress|tekanan|phq|gad|dass|score|skor|mood|emosi/i;

const isStaffKind = (candidate: string): candidate is StaffWhatsappKind => (STAFF_WHATSAPP_KINDS as readonly string[]).includes(candidate);
const isMeasureKind = (candidate: string): candidate is MeasureWhatsappKind => (MEASURE_WHATSAPP_KINDS as readonly string[]).includes(candidate);

/** The message the code sends of a kind, in a language. */
function sentOf(kind: WhatsappKind, language: 'en' | 'ms') {
  if (isStaffKind(kind)) return staffAlert(kind, clinic, '+60123456789', { publicUrl: 'https://minda.example' }, language);
  if (isMeasureKind(kind)) return measureWhatsapp(kind, { appointmentId: 'appointment', language, phone: '+60123456789', token: 'token', expiresAt: new Date() }, clinic);
  return whatsappNotice(kind, appointmentIn(language), clinic, { manageToken: 'token' });
}

/** The page a kind's link button opens, the token after it. */
const linkOf = (kind: WhatsappKind, language: 'en' | 'ms') => `https://MINDA_PUBLIC_URL${language === 'ms' ? '/ms' : ''}/${isMeasureKind(kind) ? 'measure' : 'appointments/manage'}/{{1}}`;

describe('deploy/whatsapp-templates.json', () => {
  it.each(WHATSAPP_KINDS.flatMap((kind) => (['en', 'ms'] as const).map((language) => [kind, language] as const)))(
    'has %s in %s, a utility template taking exactly what the code sends, and naming nothing of what the appointment or questionnaire is for',
    (kind, language) => {
      const sentBody = sentOf(kind, language).body;
      if (sentBody.type !== 'template') throw new Error('a notice is a template');
      const template = templates.find((candidate) => candidate.name === sentBody.name && candidate.language === language);
      expect(template?.category).toBe('UTILITY');
      const body = template!.components.find((component) => component.type === 'BODY')!.text!;
      const placeholders = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(placeholders).toEqual(sentBody.parameters.map((_, index) => index + 1));
      expect(body).not.toMatch(TELLING);
      const buttons = template!.components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
      // The Cloud API fills buttons by position: the quick replies first, then the link.
      const sent = sentBody.buttons;
      expect(buttons.map((button) => button.type)).toEqual(sent ? [...sent.quickReplies.map(() => 'QUICK_REPLY'), 'URL'] : []);
      if (sent) expect(buttons.at(-1)!.url).toBe(linkOf(kind, language));
    },
  );

  it('holds no template the code never sends', () => {
    expect(new Set(templates.map((template) => template.name))).toEqual(new Set(WHATSAPP_KINDS.map(templateNameOf)));
  });
});
