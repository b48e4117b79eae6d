type EventFunction = (name: string) => void;

/** Hostnames where nothing is sent: local names and bare IP addresses. */
export function isLocalHostname(hostname: string): boolean {
  return (
    /^(localhost|.*\.localhost|.*\.local)$/.test(hostname) ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.includes(':') ||
    hostname === '[::1]'
  );
}

/**
 * Loads the analytics script once (async, id `sa-script`) unless skipped; on a local or IP-only host
 * nothing loads and `sa_event` only warns, so development never counts.
 */
export function startAnalytics(): void {
  const root = document.documentElement;
  const src = root.dataset.analyticsSrc;
  const skip = root.dataset.analyticsSkip === 'true';
  const win = window as Window & { sa_event?: EventFunction };
  if (!src) return;
  if (skip || isLocalHostname(location.hostname)) {
    win.sa_event = (name) =>
      console.warn(
        `Simple Analytics: event "${name}" captured but not sent: ${skip ? 'skipped by the site settings' : 'localhost or IP address'}`,
      );
    return;
  }
  if (document.getElementById('sa-script')) return;
  const queue: string[] = [];
  win.sa_event = (name) => void queue.push(name);
  const script = document.createElement('script');
  script.id = 'sa-script';
  script.async = true;
  script.src = src;
  script.addEventListener('load', () => {
    const real = win.sa_event;
    if (real) for (const name of queue.splice(0)) real(name);
  });
  document.head.append(script);
}
