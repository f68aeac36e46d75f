import { invoiceTemplate } from './invoice.js';
import { invoiceReminderTemplate } from './invoice-reminder.js';

/**
 * Every mail the portal sends, by name. Add a template: a file in this folder exporting
 * `defineTemplate<Data>({ render })`, and one line here; `queueMail` then types its data.
 */
export const mailTemplates = {
  invoice: invoiceTemplate,
  'invoice-reminder': invoiceReminderTemplate,
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]['render']>[0];
