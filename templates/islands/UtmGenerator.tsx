import { useEffect, useRef, useState } from 'react';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
type UtmField = (typeof UTM_FIELDS)[number];

export interface UtmGeneratorProps {
  strings: Record<
    | 'baseUrl'
    | 'baseUrlPlaceholder'
    | 'generatedUrl'
    | 'copy'
    | 'copied'
    | 'missingUrl'
    | 'invalidUrl'
    | 'needsJavaScript',
    string
  > &
    Record<UtmField, string> &
    Record<`${UtmField}Placeholder`, string>;
}

/** The generated link: https:// added when no scheme is given, existing query kept, only filled parameters, in the spec's order. */
export function generateUtmUrl(
  base: string,
  values: Partial<Record<UtmField, string>>,
): { url: string } | { error: 'missing' | 'invalid' } {
  const trimmed = base.trim();
  if (!trimmed) return { error: 'missing' };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return { error: 'invalid' };
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) return { error: 'invalid' };
  for (const field of UTM_FIELDS) {
    const value = values[field]?.trim();
    if (value) url.searchParams.set(`utm_${field}`, value);
  }
  return { url: url.href };
}

const COPIED_MS = 2000;

export function UtmGenerator({ strings }: UtmGeneratorProps) {
  const [base, setBase] = useState('');
  const [values, setValues] = useState<Partial<Record<UtmField, string>>>({});
  const [touched, setTouched] = useState(false);
  const [copied, setCopied] = useState(false);
  const [ready, setReady] = useState(false);
  const output = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);
  const result = generateUtmUrl(base, values);
  const message = !touched
    ? ''
    : 'error' in result
      ? result.error === 'missing'
        ? strings.missingUrl
        : strings.invalidUrl
      : '';

  const copy = async () => {
    if (!('url' in result)) return;
    try {
      await navigator.clipboard.writeText(result.url);
    } catch {
      output.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <form className="utm-form card" action="#generated" method="get" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="utm-url">{strings.baseUrl}</label>
      <input
        id="utm-url"
        name="url"
        type="url"
        inputMode="url"
        placeholder={strings.baseUrlPlaceholder}
        required
        value={base}
        aria-describedby="utm-message"
        onChange={(event) => {
          setBase(event.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
      />
      {UTM_FIELDS.map((field) => (
        <div key={field} className="field">
          <label htmlFor={`utm-${field}`}>{strings[field]}</label>
          <input
            id={`utm-${field}`}
            name={`utm_${field}`}
            type="text"
            placeholder={strings[`${field}Placeholder`]}
            value={values[field] ?? ''}
            // From the current state: edits replayed after hydration (issue 29) arrive in one batch.
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field]: value }));
            }}
          />
        </div>
      ))}
      <p className="form-message" id="utm-message" role="status" aria-live="polite">
        {message}
      </p>
      <label htmlFor="utm-generated">{strings.generatedUrl}</label>
      <output id="generated" htmlFor="utm-url utm-source utm-medium utm-campaign utm-content utm-term">
        <input id="utm-generated" type="text" readOnly value={'url' in result ? result.url : ''} ref={output} />
      </output>
      <button
        type="button"
        className="button"
        data-copy="utm-generated"
        disabled={!ready || !('url' in result)}
        onClick={copy}
      >
        {copied ? strings.copied : strings.copy}
      </button>
      <noscript>
        <p>{strings.needsJavaScript}</p>
      </noscript>
    </form>
  );
}
