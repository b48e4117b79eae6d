import { useState, type FormEvent } from 'react';

type Period = 'week' | 'month';

export interface EmailReportsProps {
  strings: {
    caption: string;
    recipient: string;
    period: string;
    lastEmailed: string;
    weekly: string;
    monthly: string;
    never: string;
    add: string;
    email: string;
    invalidEmail: string;
    disable: string;
    /** Per period, "Are you sure to disable weekly email reports for {0}?": one message each, so adjectives agree. */
    confirmDisable: Record<Period, string>;
    /** "Disable reports for {0}" (the recipient), the button's accessible name. */
    disableRecipient: string;
  };
  rows: Array<{ email: string; period: Period; lastEmailed: string }>;
}

/** The spec's delay before the invalid-address message shows. */
const MESSAGE_DELAY_MS = 200;

/** The home page's email-reports demo: add a recipient with a period; disabling one asks first. No network. */
export function EmailReports({ strings, rows: initial }: EmailReportsProps) {
  const [rows, setRows] = useState(initial);
  const [email, setEmail] = useState('');
  const [period, setPeriod] = useState<Period>('week');
  const [message, setMessage] = useState('');
  const label = (value: Period) => (value === 'week' ? strings.weekly : strings.monthly);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value.includes('@') || !value.includes('.')) {
      window.setTimeout(() => setMessage(strings.invalidEmail), MESSAGE_DELAY_MS);
      return;
    }
    setRows([...rows, { email: value, period, lastEmailed: strings.never }]);
    setEmail('');
    setMessage('');
  };
  const disable = (index: number) => {
    const row = rows[index]!;
    const question = strings.confirmDisable[row.period].replace('{0}', row.email);
    if (window.confirm(question)) setRows(rows.filter((_, position) => position !== index));
  };

  return (
    <div className="reports-demo">
      <table>
        <caption className="visually-hidden">{strings.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{strings.recipient}</th>
            <th scope="col">{strings.period}</th>
            <th scope="col">{strings.lastEmailed}</th>
            <th scope="col">
              <span className="visually-hidden">{strings.disable}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.email}-${row.period}`}>
              <td>{row.email}</td>
              <td>{label(row.period)}</td>
              <td>{row.lastEmailed}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => disable(index)}
                  aria-label={strings.disableRecipient.replace('{0}', row.email)}
                >
                  {strings.disable}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="reports-add" onSubmit={add} noValidate>
        <label htmlFor="report-email">{strings.email}</label>
        <input
          id="report-email"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setMessage('');
          }}
        />
        <label htmlFor="report-period">{strings.period}</label>
        <select id="report-period" value={period} onChange={(event) => setPeriod(event.target.value as Period)}>
          <option value="week">{strings.weekly}</option>
          <option value="month">{strings.monthly}</option>
        </select>
        <button type="submit" className="button">
          {strings.add}
        </button>
        <p className="form-message" role="status" aria-live="polite">
          {message}
        </p>
      </form>
    </div>
  );
}
