import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { providerSettings } from '../../db/schema/index.js';
import { type MailTemplateData, type MailTemplateName, mailTemplates } from './templates/index.js';
import { type MailContext, type RenderedMail, renderLayout } from './templates/layout.js';

/** The sender and letterhead of every mail: the provider from the Quickbill settings. */
export async function loadMailContext(executor: Executor): Promise<MailContext & { from: string }> {
  const [s] = await executor.select().from(providerSettings).where(eq(providerSettings.id, 1));
  const name = s?.companyName.trim() || 'Mein BUTLER';
  const address = s?.contactEmail.trim() || 'portal@localhost';
  return {
    voice: s?.customerVoice ?? 'du',
    from: `"${name.replace(/["\\]/g, '')}" <${address}>`,
    provider: {
      name,
      street: s?.street ?? '',
      postalCode: s?.postalCode ?? '',
      city: s?.city ?? '',
      email: s?.contactEmail ?? '',
      phone: s?.contactPhone ?? '',
      accent: s?.accentColor || null,
    },
  };
}

/** The one place a mail is rendered: its template's content inside the shared layout. */
export function renderMail<N extends MailTemplateName>(
  template: N,
  data: MailTemplateData<N>,
  ctx: MailContext,
): RenderedMail {
  const definition = mailTemplates[template] as { render: (d: MailTemplateData<N>, c: MailContext) => any };
  return renderLayout(definition.render(data, ctx), ctx);
}
