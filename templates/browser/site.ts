/**
 * The always-on script of every page: small and free of React. Islands load their own bundles only
 * when they wake.
 */
import { startAdmin } from './admin.ts';
import { startAgeBadges } from './age-badges.ts';
import { startAnalytics } from './analytics.ts';
import { startIslands } from './islands-loader.ts';
import { startLoadingBar } from './loading-bar.ts';
import { startPageDetails } from './page-details.ts';
import { startPrefetch } from './prefetch.ts';
import { startTheme } from './theme.ts';

startTheme();
if (startAdmin() !== 'reloading') {
  startPageDetails();
  startAgeBadges();
  startLoadingBar();
  startPrefetch();
  startAnalytics();
  startIslands();
}
