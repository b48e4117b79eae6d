/** The product mark: a rising line in a rounded square. Decorative; the product name stands beside it. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" className="logo-bg" />
      <path
        d="M8 22l5-6 4 3 7-9"
        fill="none"
        className="logo-line"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
