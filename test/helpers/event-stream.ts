import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  /** Every event received so far, in order. */
  received: StreamEvent[];
  /** The first event (received from now on, or already received after `since`) that matches; rejects after timeoutMs. */
  next(match: (event: StreamEvent) => boolean, options?: { timeoutMs?: number; since?: number }): Promise<StreamEvent>;
  close(): void;
}

/** A minimal EventSource (Node 20 has none): connects to a text/event-stream URL and parses its events. */
export function openEventStream(url: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const received: StreamEvent[] = [];
    const listeners = new Set<() => void>();
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event === undefined || fields.data === undefined) continue;
          received.push({ event: fields.event, data: JSON.parse(fields.data) });
          for (const listener of listeners) listener();
        }
      });
      resolve({
        received,
        next(match, { timeoutMs = 30_000, since = received.length } = {}) {
          return new Promise((found, fail) => {
            let checked = since;
            const check = () => {
              for (; checked < received.length; checked += 1) {
                if (match(received[checked]!)) {
                  cleanup();
                  found(received[checked]!);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(
                new Error(
                  `no matching event within ${timeoutMs} ms; received: ${JSON.stringify(received.map((event) => event.event))}`,
                ),
              );
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              listeners.delete(check);
            };
            listeners.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
