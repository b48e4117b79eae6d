import type { ReactNode } from 'react';

/** Renders a UI string whose `{0}…{1}` span is wrapped by `wrap` (a link, an emphasis). */
export function Wrapped({ text, wrap }: { text: string; wrap: (inner: string) => ReactNode }) {
  const match = /^(.*)\{0\}(.*)\{1\}(.*)$/s.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {match[1]}
      {wrap(match[2]!)}
      {match[3]}
    </>
  );
}
