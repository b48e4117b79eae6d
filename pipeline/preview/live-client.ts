/** Where the preview serves its own endpoints; no page of the site lives under it. */
export const PREVIEW_PREFIX = '/__sitegen/';
export const LIVE_SCRIPT_PATH = `${PREVIEW_PREFIX}live.js`;
export const EVENTS_PATH = `${PREVIEW_PREFIX}events`;
export const REFRESH_PATH = `${PREVIEW_PREFIX}refresh`;
export const STATUS_PATH = `${PREVIEW_PREFIX}status`;

/** The tag added to every HTML page the preview serves (never to built files). */
export const LIVE_SCRIPT_TAG = `<script src="${LIVE_SCRIPT_PATH}" async></script>`;

/**
 * The script of preview tabs: listens to the event stream, reloads when its page was rebuilt, shows
 * the problem overlay of a failed rebuild (blocking: red, at the bottom), and lists the content problems
 * of the served build in a panel of its own (not blocking: amber, top right, hidden with its button until
 * the list changes; sessionStorage remembers that across reloads). Built with DOM calls and CSSOM styles,
 * which the site's Content-Security-Policy allows (it forbids inline scripts and style elements). Plain ES2017.
 */
export const LIVE_CLIENT_SCRIPT = `(() => {
  'use strict';
  const OVERLAY_ID = 'sitegen-preview-overlay';
  const decode = (path) => { try { return decodeURIComponent(path); } catch { return path; } };
  const canonical = document.querySelector('link[rel="canonical"]');
  const ownPath = canonical ? decode(new URL(canonical.href).pathname.replace(/\\/+$/, '') || '/') : undefined;
  const isMine = (pages) => pages === 'all' || pages.some((page) => {
    const path = decode(page);
    return ownPath === undefined ? /(^|\\/)404$/.test(path) : path === ownPath;
  });
  let version;
  const PROBLEMS_ID = 'sitegen-preview-content-problems';
  const DISMISSED_KEY = 'sitegen-preview-dismissed-problems';
  const remember = (key, value) => { try { sessionStorage.setItem(key, value); } catch {} };
  const recall = (key) => { try { return sessionStorage.getItem(key); } catch { return null; } };
  const element = (tag, text, css) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    node.style.cssText = css;
    return node;
  };
  const closeButton = (label, css, onClick) => {
    const button = element('button', '\\u00d7', 'position:absolute;background:none;border:0;color:inherit;cursor:pointer;' + css);
    button.type = 'button';
    button.setAttribute('aria-label', label);
    button.addEventListener('click', onClick);
    return button;
  };

  const listProblems = (problems) => {
    document.getElementById(PROBLEMS_ID)?.remove();
    const signature = JSON.stringify(problems || []);
    if (!problems || problems.length === 0 || recall(DISMISSED_KEY) === signature) return;
    const panel = element('aside', undefined, 'position:fixed;top:12px;right:12px;z-index:2147483646;width:min(460px,calc(100vw - 24px));max-height:45vh;overflow:auto;margin:0;padding:12px 16px;background:#1b1b1f;color:#f4f4f5;border-left:4px solid #f5a524;border-radius:6px;font:13px/1.45 system-ui,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.35)');
    panel.id = PROBLEMS_ID;
    panel.setAttribute('role', 'status');
    panel.setAttribute('aria-label', 'sitegen preview: content problems');
    const one = problems.length === 1;
    const list = element('ul', undefined, 'margin:8px 0 0;padding:0;list-style:none');
    for (const problem of problems) {
      const item = element('li', undefined, 'margin:0 0 6px');
      item.append(
        element('code', problem.code, 'display:block;color:#a1a1aa;font:12px ui-monospace,monospace'),
        element('span', problem.message, 'white-space:pre-wrap;word-break:break-word'),
      );
      list.append(item);
    }
    panel.append(
      element('strong', problems.length + (one ? ' content problem' : ' content problems') + ': the preview is built without ' + (one ? 'it' : 'them'), 'display:block;margin-right:32px;font-size:14px'),
      list,
      element('p', 'Everything else is built and served. The list updates when the content is fixed.', 'margin:4px 0 0;color:#71717a;font-size:12px'),
      closeButton('Dismiss', 'top:4px;right:10px;font-size:22px', () => {
        remember(DISMISSED_KEY, signature);
        panel.remove();
      }),
    );
    document.body.append(panel);
  };

  const hide = () => document.getElementById(OVERLAY_ID)?.remove();
  const show = (problem) => {
    hide();
    if (!problem) return;
    const lang = (document.documentElement.lang || 'en').slice(0, 2).toLowerCase();
    const box = element('section', undefined, 'position:fixed;left:0;right:0;bottom:0;z-index:2147483647;max-height:60vh;overflow:auto;margin:0;padding:16px 20px;background:#1b1b1f;color:#f4f4f5;border-top:4px solid #e5484d;font:14px/1.5 system-ui,sans-serif;box-shadow:0 -8px 24px rgba(0,0,0,.35)');
    box.id = OVERLAY_ID;
    box.setAttribute('role', 'alert');
    box.append(
      element('strong', (problem.localizedTitles && problem.localizedTitles[lang]) || problem.title, 'display:block;font-size:16px;margin-right:40px'),
      element('code', problem.code, 'display:block;color:#a1a1aa;margin:2px 0 8px'),
      element('pre', problem.message, 'white-space:pre-wrap;margin:0 0 8px;font:13px/1.45 ui-monospace,monospace;color:#fecaca'),
    );
    if (problem.hint) box.append(element('p', 'hint: ' + problem.hint, 'margin:0;color:#d4d4d8'));
    box.append(
      element('p', 'sitegen preview: this page is the last one that built; the overlay goes away when the problem is fixed.', 'margin:8px 0 0;color:#71717a;font-size:12px'),
      closeButton('Hide', 'top:8px;right:12px;font-size:24px', hide),
    );
    document.body.append(box);
  };

  const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  source.addEventListener('hello', (event) => {
    const data = JSON.parse(event.data);
    // A rebuild happened while the stream was down (the preview restarted or the laptop slept).
    if (version !== undefined && data.version !== version) return location.reload();
    version = data.version;
    show(data.problem);
    listProblems(data.contentProblems);
  });
  source.addEventListener('content-problems', (event) => listProblems(JSON.parse(event.data).problems));
  source.addEventListener('reload', (event) => {
    const data = JSON.parse(event.data);
    version = data.version;
    if (isMine(data.pages)) location.reload();
  });
  source.addEventListener('problem', (event) => show(JSON.parse(event.data)));
})();
`;
