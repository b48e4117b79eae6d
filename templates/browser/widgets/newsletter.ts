import { fetchJson } from '../fetch-json.ts';

export interface NewsletterMessages {
  noEmail: string;
  invalidEmail: string;
  selectOne: string;
  thankYou: string;
  general: string;
}

/**
 * The newsletter sign-up. Without JavaScript the form posts natively; with it, the spec's checks in
 * order (empty, malformed, no box ticked), then `{email, type}` as text/plain JSON (no CORS preflight,
 * no retry), then the thank-you that asks to confirm by email in place of the fields.
 */
export default function startNewsletter(form: HTMLFormElement, messages: NewsletterMessages): void {
  form.noValidate = true;
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const message = form.querySelector('.form-message')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  email.addEventListener('input', () => (message.textContent = ''));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const address = email.value.trim();
    const types = [...form.querySelectorAll<HTMLInputElement>('input[name="type"]:checked')].map((box) => box.value);
    const error = !address
      ? messages.noEmail
      : !/^\S+@\S+\.\S+$/.test(address)
        ? messages.invalidEmail
        : types.length === 0
          ? messages.selectOne
          : '';
    message.textContent = error;
    if (error) return;
    button.disabled = true;
    try {
      const answer = await fetchJson<{ ok?: boolean; message?: string }>(form.action, {
        method: 'POST',
        body: { email: address.toLowerCase(), type: types.join(',') },
        contentType: 'text/plain; charset=UTF-8',
      });
      if (answer.ok) {
        form.querySelector('.newsletter-fields')?.remove();
        button.remove();
        message.textContent = messages.thankYou;
        return;
      }
      message.textContent = /email(.*)invalid/i.test(answer.message ?? '') ? messages.invalidEmail : messages.general;
    } catch {
      message.textContent = messages.general;
    }
    button.disabled = false;
  });
}
