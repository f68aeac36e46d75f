import { z } from 'zod';
import { now } from '../../lib/clock.js';
import { defineJob, type JobDefinition } from '../../lib/jobs.js';
import { accountLinks } from '../auth/account-links.js';
import { checkBalanceJob, dailyBalanceJob } from '../balance-alerts/balance-alerts.jobs.js';
import { returnsDigestJob } from '../bank-import/returns-digest.job.js';
import { mandateAttachmentSources } from '../direct-debit/online/mandate-online-mails.js';
import { createSendMailJob, requeueStrandedMailsJob } from '../mail/mail-send.job.js';
import { monthConfirmationsJob } from '../month-confirmations/month-confirmations.job.js';
import { quickbillAttachmentSources } from '../quickbill/mail/attachment-sources.js';
import { dailyRemindersJob } from '../quickbill/reminders/reminders.jobs.js';
import { statementAttachmentSources } from '../statements/statement-attachment.js';
import { monthlyStatementsJob, statementCorrectionsJob } from '../statements/statements.jobs.js';
import { subscriptionBillingJob } from '../subscriptions/billing/billing.jobs.js';
import { subscriptionEndsJob } from '../subscriptions/ends/ends.service.js';
import { visitAttachmentSources } from '../visits/visit-mails.js';
import { visitRemindersJob } from '../visits/visit-reminders.job.js';
import { runSchedulerTick, type ScheduledJob } from './scheduler.js';
import { daily, hourly, monthly } from './schedules.js';

/**
 * THE list of background jobs (DESIGN.md convention 14). Scheduled jobs get the slot
 * they run for (`{ slot }`) and are enqueued once per slot by the scheduler tick;
 * the others are enqueued by the code that needs them (e.g. queueMail).
 * The README's "Schedule" table mirrors this list.
 */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  { job: requeueStrandedMailsJob, schedule: hourly(5) },
  { job: dailyBalanceJob, schedule: daily('07:00') },
  { job: monthlyStatementsJob, schedule: monthly(1, '06:00') },
  { job: statementCorrectionsJob, schedule: daily('05:30') },
  { job: subscriptionEndsJob, schedule: daily('07:30') },
  { job: returnsDigestJob, schedule: daily('07:15') },
  { job: dailyRemindersJob, schedule: daily('08:00') },
  { job: subscriptionBillingJob, schedule: daily('06:30', 72) },
  { job: visitRemindersJob, schedule: daily('17:00') },
  { job: monthConfirmationsJob, schedule: daily('06:45') },
];

/** Runs every minute (graphile-worker cron, one process per minute) and enqueues due slots. */
export const schedulerTickJob = defineJob({
  name: 'scheduler.tick',
  payload: z.unknown(),
  maxAttempts: 1,
  async run(_payload, ctx) {
    const enqueued = await runSchedulerTick(ctx.db, now(), SCHEDULED_JOBS);
    if (enqueued.length) ctx.log(`scheduled: ${enqueued.join(', ')}`);
  },
});

/** Delivers one outbox mail, with the documents of every module that sends some, and the live links of auth. */
export const sendMailJob = createSendMailJob(
  {
    ...quickbillAttachmentSources,
    ...statementAttachmentSources,
    ...visitAttachmentSources,
    ...mandateAttachmentSources,
  },
  accountLinks,
);

/** Every job a worker can run (on demand and scheduled). */
export const ALL_JOBS: JobDefinition<any>[] = [
  sendMailJob,
  schedulerTickJob,
  checkBalanceJob,
  ...SCHEDULED_JOBS.map((s) => s.job),
];
