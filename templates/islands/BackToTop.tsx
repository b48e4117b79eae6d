import { useEffect, useState } from 'react';

/** "Back to top": a plain link to #top that the island turns into a smooth scroll once the reader is far down. */
export function BackToTop({ label }: { label: string }) {
  const [far, setFar] = useState(false);
  useEffect(() => {
    const update = () => setFar(window.scrollY > window.innerHeight);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <p className={far ? 'back-to-top floating' : 'back-to-top'}>
      <a
        href="#top"
        onClick={(event) => {
          event.preventDefault();
          const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
          document.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
        }}
      >
        {label}
      </a>
    </p>
  );
}
