/** The data of a payment reminder mail ('invoice-reminder') for tests that queue one. */
export const reminderMailData = (number: string, company = 'Mein BUTLER e.U.') => ({
  label: 'Zahlungserinnerung',
  number,
  invoiceDate: '01.03.2026',
  amount: '€ 120,00',
  due: '15.03.2026',
  payBy: '29.03.2026',
  company,
});
