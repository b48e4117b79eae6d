import type { Page } from 'playwright-core';
import { sleep } from './browser-site.ts';

/** A widget's module held back on its way to the page, as a slow network would. */
export interface HeldModule {
  /** Resolves when the page has asked for the module (the widget woke). */
  requested: Promise<void>;
  /** Whether the module has been let through. */
  isReleased(): boolean;
  /** Lets the module through once its minimum delay is over (for a hold opened with `untilReleased`). */
  release(): void;
}

/**
 * Holds a widget's module (`_assets/island-<name>.<hash>.js`, what `data-src` names) for `ms` after the
 * page asks for it, and with `untilReleased` also until the test calls `release()`: the test can then
 * act on the widget for as long as it needs while the module is still on its way. With `fails`, the
 * download then fails instead. Call before `goto`.
 */
export async function holdWidgetModule(
  page: Page,
  name: string,
  { ms = 2000, untilReleased = false, fails = false }: { ms?: number; untilReleased?: boolean; fails?: boolean } = {},
): Promise<HeldModule> {
  let released = false;
  let markRequested!: () => void;
  let letGo!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  const gate = untilReleased ? new Promise<void>((resolve) => (letGo = resolve)) : Promise.resolve();
  if (!untilReleased) letGo = () => undefined;
  await page.route(`**/_assets/island-${name}.*.js`, async (route) => {
    markRequested();
    await Promise.all([sleep(ms), gate]);
    released = true;
    await (fails ? route.abort('connectionfailed') : route.continue());
  });
  return { requested, isReleased: () => released, release: () => letGo() };
}

/** The focused element's id and caret (`selectionStart`, null where the control has none). */
export function focusAndCaret(page: Page): Promise<{ id: string; caret: number | null }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    let caret: number | null = null;
    try {
      caret = active?.selectionStart ?? null;
    } catch {
      caret = null;
    }
    return { id: active?.id ?? '', caret };
  });
}
