import path from 'node:path';
import type { MailDelivery, MailSetup } from '@butler/contract/mail';
import type { Env } from '../../env.js';
import { isLocalPublicUrl, mailTransportKind } from '../../lib/mail.js';

/** How this portal delivers mail and where its links point, for the staff screens (decision 0755). */
export function mailSetup(env: Pick<Env, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>): MailSetup {
  const transport = mailTransportKind(env.SMTP_URL);
  return {
    transport,
    outbox_folder: transport === 'outbox' ? path.join(env.DATA_DIR, 'outbox') : null,
    public_url: env.PUBLIC_URL,
    public_url_local: isLocalPublicUrl(env.PUBLIC_URL),
  };
}

/**
 * Where a sent mail went. Mails sent before this was recorded carry none: they went the way
 * the portal sends now (the transport is set at start and rarely changes).
 */
export function deliveryOf(
  mail: { status: string; deliveredVia: MailDelivery | null },
  env: Pick<Env, 'SMTP_URL'>,
): MailDelivery | null {
  if (mail.status !== 'sent') return null;
  return mail.deliveredVia ?? mailTransportKind(env.SMTP_URL);
}
