import { accountInvitationTemplate } from './account-invitation.js';
import { balanceAlertTemplate } from './balance-alert.js';
import { balanceDigestTemplate } from './balance-digest.js';
import { directDebitReturnsTemplate } from './direct-debit-returns.js';
import { invoiceTemplate } from './invoice.js';
import { invoiceReminderTemplate } from './invoice-reminder.js';
import { orderUpdateTemplate } from './order-update.js';
import { overdueDigestTemplate } from './overdue-digest.js';
import { passwordResetTemplate } from './password-reset.js';
import { securityNoticeTemplate } from './security-notice.js';
import { statementTemplate } from './statement.js';
import { subscriptionEndingTemplate } from './subscription-ending.js';
import { visitUpdateTemplate } from './visit-update.js';

/**
 * Every mail the portal sends, by name. Add a template: a file in this folder exporting
 * `defineTemplate<Data>({ render })`, and one line here; `queueMail` then types its data.
 */
export const mailTemplates = {
  'account-invitation': accountInvitationTemplate,
  'password-reset': passwordResetTemplate,
  'security-notice': securityNoticeTemplate,
  invoice: invoiceTemplate,
  'invoice-reminder': invoiceReminderTemplate,
  'balance-alert': balanceAlertTemplate,
  'balance-digest': balanceDigestTemplate,
  statement: statementTemplate,
  'subscription-ending': subscriptionEndingTemplate,
  'overdue-digest': overdueDigestTemplate,
  'direct-debit-returns': directDebitReturnsTemplate,
  'order-update': orderUpdateTemplate,
  'visit-update': visitUpdateTemplate,
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]['render']>[0];
