import { accountInvitationTemplate } from './account-invitation.js';
import { balanceAlertTemplate } from './balance-alert.js';
import { balanceDigestTemplate } from './balance-digest.js';
import { directDebitReturnsTemplate } from './direct-debit-returns.js';
import { hourOrderDeclinedTemplate, hourOrderRequestTemplate } from './hour-order.js';
import { invoiceTemplate } from './invoice.js';
import { invoiceReminderTemplate } from './invoice-reminder.js';
import { mandateRevokedTemplate } from './mandate-revoked.js';
import { mandateSignedTemplate } from './mandate-signed.js';
import { monthConfirmationTemplate } from './month-confirmation.js';
import { monthQuestionTemplate } from './month-question.js';
import { orderUpdateTemplate } from './order-update.js';
import { overdueDigestTemplate } from './overdue-digest.js';
import { packageChangeTemplate } from './package-change.js';
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
  'hour-order-request': hourOrderRequestTemplate,
  'hour-order-declined': hourOrderDeclinedTemplate,
  'visit-update': visitUpdateTemplate,
  'month-confirmation': monthConfirmationTemplate,
  'month-question': monthQuestionTemplate,
  'package-change': packageChangeTemplate,
  'mandate-signed': mandateSignedTemplate,
  'mandate-revoked': mandateRevokedTemplate,
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]['render']>[0];
