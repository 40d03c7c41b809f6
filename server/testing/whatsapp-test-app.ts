import type { DialectName } from '../../db/connect';
import { deliverDueWhatsapp } from '../whatsapp/outbox-worker';
import { closeAlongside } from './close-alongside';
import { type FakeWhatsapp, startFakeWhatsapp } from './fake-whatsapp';
import { startTestApp, type TestApp } from './test-app';

export type WhatsappTestApp = TestApp & {
  /** The local fake of Meta's Cloud API the app sends to: what it took, its webhooks' signatures. */
  whatsappApi: FakeWhatsapp;
  /** One pass of the WhatsApp outbox, as the background job runs it, at the app's `now`. */
  deliverWhatsapp: () => ReturnType<typeof deliverDueWhatsapp>;
};

/** The app with WhatsApp set up, its Cloud API calls going to a fresh local fake; `close` stops both. */
export async function startWhatsappTestApp(dialect: DialectName): Promise<WhatsappTestApp> {
  const whatsappApi = await startFakeWhatsapp();
  const t = await startTestApp(dialect, { env: whatsappApi.env });
  const deliverWhatsapp = () => deliverDueWhatsapp({ ...t.services, whatsapp: t.services.whatsapp! });
  return closeAlongside({ ...t, whatsappApi, deliverWhatsapp }, { stop: whatsappApi.close });
}
