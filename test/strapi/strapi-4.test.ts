// sitegen against a real Strapi 4 (installed into the cache by test/setup/install-test-dependencies.sh).
import { describeRealStrapi } from './real-strapi-suite.ts';

describeRealStrapi(4);
