import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fetchJson } from '../browser/fetch-json.ts';

export interface NewsletterProps {
  id: string;
  endpoint: string;
  strings: {
    title: string;
    text: string;
    email: string;
    placeholder: string;
    what: string;
    newsletter: string;
    notify: string;
    subscribe: string;
    noEmail: string;
    invalidEmail: string;
    selectOne: string;
    thankYou: string;
    general: string;
  };
}

/**
 * The newsletter sign-up. Checks in the spec's order (empty, malformed, no box ticked), posts `{email,
 * type}` as text/plain JSON (no CORS preflight, no retry), then thanks and asks to confirm by email.
 * Without JavaScript the same form posts natively.
 */
export function NewsletterForm({ id, endpoint, strings }: NewsletterProps) {
  const [email, setEmail] = useState('');
  const [types, setTypes] = useState({ newsletter: true, notify: true });
  const [message, setMessage] = useState('');
  const [state, setState] = useState<'form' | 'sending' | 'done'>('form');
  const form = useRef<HTMLFormElement>(null);
  // Hydrated: the spec's own messages replace the browser's; the server markup keeps native checks.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const error = !trimmed ? strings.noEmail : !/^\S+@\S+\.\S+$/.test(trimmed) ? strings.invalidEmail : !types.newsletter && !types.notify ? strings.selectOne : '';
    setMessage(error);
    if (error) return;
    setState('sending');
    const type = [types.newsletter ? 'newsletter' : '', types.notify ? 'notify' : ''].filter(Boolean).join(',');
    try {
      const answer = await fetchJson<{ ok?: boolean; message?: string }>(endpoint, { method: 'POST', body: { email: trimmed.toLowerCase(), type }, contentType: 'text/plain; charset=UTF-8' });
      if (answer.ok) {
        setEmail('');
        setState('done');
        setMessage(strings.thankYou);
        return;
      }
      setMessage(/email(.*)invalid/i.test(answer.message ?? '') ? strings.invalidEmail : strings.general);
    } catch {
      setMessage(strings.general);
    }
    setState('form');
  };

  return (
    <form className="newsletter card" method="post" action={endpoint} aria-labelledby={`${id}-title`} onSubmit={submit} ref={form}>
      <h2 id={`${id}-title`}>{strings.title}</h2>
      <p>{strings.text}</p>
      {state === 'done' ? null : (
        <>
          <label htmlFor={`${id}-email`}>{strings.email}</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" placeholder={strings.placeholder} required value={email} onChange={(event) => { setEmail(event.target.value); setMessage(''); }} />
          <fieldset>
            <legend className="visually-hidden">{strings.what}</legend>
            <label>
              <input type="checkbox" name="type" value="newsletter" checked={types.newsletter} onChange={(event) => setTypes({ ...types, newsletter: event.target.checked })} /> {strings.newsletter}
            </label>
            <label>
              <input type="checkbox" name="type" value="notify" checked={types.notify} onChange={(event) => setTypes({ ...types, notify: event.target.checked })} /> {strings.notify}
            </label>
          </fieldset>
        </>
      )}
      <p className="form-message" role="status" aria-live="polite">
        {message}
      </p>
      {state === 'done' ? null : (
        <button className="button" type="submit" disabled={state === 'sending'}>
          {strings.subscribe}
        </button>
      )}
    </form>
  );
}
