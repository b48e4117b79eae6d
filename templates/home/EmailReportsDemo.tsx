import { formatDaysAgo } from '../../pipeline/locale-format.ts';
import type { PageContext } from '../page-context.ts';
import { EmailReports, type EmailReportsProps } from '../islands/EmailReports.tsx';
import { Island } from '../islands/Island.tsx';

/** The email-reports demo of the home page: React loads when the visitor first reaches for it. */
export function EmailReportsDemo({ context }: { context: PageContext }) {
  const { t } = context;
  const props: EmailReportsProps = {
    strings: {
      caption: t('home.reports.caption'),
      recipient: t('home.reports.recipient'),
      period: t('home.reports.period'),
      lastEmailed: t('home.reports.last_emailed'),
      weekly: t('home.reports.weekly'),
      monthly: t('home.reports.monthly'),
      never: t('home.reports.never'),
      add: t('home.reports.add'),
      email: t('home.reports.email'),
      invalidEmail: t('home.reports.invalid_email'),
      disable: t('home.reports.disable'),
      confirmDisable: {
        week: t('home.reports.confirm_disable_weekly'),
        month: t('home.reports.confirm_disable_monthly'),
      },
      disableRecipient: t('home.reports.disable_recipient'),
    },
    rows: [
      { email: 'team@example.com', period: 'week', lastEmailed: formatDaysAgo(context.localeMeta.iso, 2) },
      { email: 'board@example.com', period: 'month', lastEmailed: t('home.reports.never') },
    ],
  };
  return (
    <Island context={context} name="email-reports" when="interaction" props={props}>
      {(islandProps) => <EmailReports {...islandProps} />}
    </Island>
  );
}
