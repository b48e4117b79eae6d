/**
 * The always-on script of every page: small and free of React. It runs the shell's widgets (theme,
 * menus, back to top); the widgets with a module of their own load it only when they wake.
 */
import { startAdmin } from './admin.ts';
import { startAgeBadges } from './age-badges.ts';
import { startAnalytics } from './analytics.ts';
import { startBackToTop } from './back-to-top.ts';
import { startIslands } from './islands-loader.ts';
import { startLoadingBar } from './loading-bar.ts';
import { startMenus } from './menus.ts';
import { startPageDetails } from './page-details.ts';
import { startPrefetch } from './prefetch.ts';
import { startTheme } from './theme.ts';

startTheme();
if (startAdmin() !== 'reloading') {
  startMenus();
  startPageDetails();
  startAgeBadges();
  startLoadingBar();
  startPrefetch();
  startAnalytics();
  startBackToTop();
  startIslands();
}
