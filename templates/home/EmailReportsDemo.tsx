import type { PageContext } from '../page-context.ts';

/** The email-reports demo of the home page: a table of recipients. Static here; an island makes it editable. */
export function EmailReportsDemo({ context }: { context: PageContext }) {
  const { t } = context;
  const recipients = [
    { email: 'team@example.com', period: 'week', last: t('home.reports.last_days_ago', 2) },
    { email: 'board@example.com', period: 'month', last: t('home.reports.never') },
  ] as const;
  return (
    <div className="reports-demo" data-widget="email-reports">
      <table>
        <caption className="visually-hidden">{t('home.reports.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.reports.recipient')}</th>
            <th scope="col">{t('home.reports.period')}</th>
            <th scope="col">{t('home.reports.last_emailed')}</th>
          </tr>
        </thead>
        <tbody>
          {recipients.map((recipient) => (
            <tr key={recipient.email}>
              <td>{recipient.email}</td>
              <td>{t(recipient.period === 'week' ? 'home.reports.weekly' : 'home.reports.monthly')}</td>
              <td>{recipient.last}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
