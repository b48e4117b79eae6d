import type { PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';

/** Visitors per day over four weeks: an illustration (weekdays busier than weekends, a launch in week three). */
const VISITORS_PER_DAY = [
  412, 455, 468, 440, 401, 236, 219, 431, 478, 490, 463, 420, 251, 240, 502, 866, 731, 598, 540, 288, 270, 515, 548,
  571, 556, 497, 301, 284,
];
const CHART = { left: 24, top: 132, width: 320, height: 150 };

/**
 * The product in the home hero, drawn as SVG (no screenshot to download, crisp at any size, light and
 * dark through the page's colours): the headline numbers and daily visitors of the illustration series
 * above, and the site's own newest posts as the top pages.
 */
export function DashboardPreview({ context, posts }: { context: PageContext; posts: PostSummary[] }) {
  const { t, formatNumber, shared } = context;
  const max = Math.max(...VISITORS_PER_DAY);
  const step = CHART.width / (VISITORS_PER_DAY.length - 1);
  const points = VISITORS_PER_DAY.map(
    (value, index) =>
      [CHART.left + index * step, CHART.top + CHART.height - (value / max) * (CHART.height - 12)] as const,
  );
  const line = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join('');
  const area = `${line}L${CHART.left + CHART.width} ${CHART.top + CHART.height}L${CHART.left} ${CHART.top + CHART.height}Z`;
  const visitors = VISITORS_PER_DAY.reduce((sum, value) => sum + value, 0);
  const pages = posts.slice(0, 3).map((post, index) => ({
    path: post.href.length > 25 ? `${post.href.slice(0, 24)}…` : post.href,
    share: [0.92, 0.61, 0.38][index]!,
  }));
  const host = new URL(shared.baseUrl).hostname.replace(/^www\./, '');
  return (
    <svg
      className="dashboard-preview"
      viewBox="0 0 560 330"
      role="img"
      aria-label={t('home.dashboard.alt', shared.product)}
    >
      <rect className="dp-frame" x="0.5" y="0.5" width="559" height="329" rx="14" />
      <path className="dp-bar" d="M0.5 14.5a14 14 0 0 1 14-14h531a14 14 0 0 1 14 14V34.5H0.5Z" />
      <circle className="dp-dot" cx="20" cy="18" r="4.5" />
      <circle className="dp-dot" cx="35" cy="18" r="4.5" />
      <circle className="dp-dot" cx="50" cy="18" r="4.5" />
      <rect className="dp-url" x="180" y="9" width="200" height="18" rx="9" />
      <text className="dp-muted" x="280" y="22" textAnchor="middle" fontSize="11">
        {host}
      </text>
      <text className="dp-muted" x="24" y="66" fontSize="12">
        {t('home.dashboard.visitors')}
      </text>
      <text className="dp-strong" x="24" y="96" fontSize="26">
        {formatNumber(visitors)}
      </text>
      <text className="dp-muted" x="164" y="66" fontSize="12">
        {t('home.dashboard.page_views')}
      </text>
      <text className="dp-strong" x="164" y="96" fontSize="26">
        {formatNumber(Math.round(visitors * 2.4))}
      </text>
      <path className="dp-area" d={area} />
      <path className="dp-line" d={line} />
      <line
        className="dp-axis"
        x1={CHART.left}
        x2={CHART.left + CHART.width}
        y1={CHART.top + CHART.height + 0.5}
        y2={CHART.top + CHART.height + 0.5}
      />
      <text className="dp-muted" x="372" y="66" fontSize="12">
        {t('home.dashboard.top_pages')}
      </text>
      {pages.map((page, index) => (
        <g key={page.path} transform={`translate(372 ${84 + index * 46})`}>
          <rect className="dp-track" width="164" height="30" rx="6" />
          <rect className="dp-fill" width={164 * page.share} height="30" rx="6" />
          <text className="dp-text" x="8" y="19" fontSize="10.5">
            {page.path}
          </text>
        </g>
      ))}
      <text className="dp-muted" x="372" y="252" fontSize="12">
        {t('home.dashboard.no_cookies')}
      </text>
      <rect className="dp-badge" x="372" y="262" width="164" height="26" rx="13" />
      <text className="dp-accent" x="454" y="279" textAnchor="middle" fontSize="11">
        {t('home.dashboard.badge')}
      </text>
    </svg>
  );
}
